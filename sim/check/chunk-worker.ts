import { protocolFromFile } from '../engine/protocol-file.js';
import { findFamily } from '../families.js';
import { dieWithParentEvenWhenBusy } from '../process/children.js';
import { propertySuite } from '../suites.js';
import { checkChunk, type ChunkOptions } from './check-chunk.js';
import type { ChunkJob, ChunkReply, ChunkWorkerData } from './chunk-pool.js';
import type { AnySuite, ProtocolChoice } from './suite.js';

/**
 * The loop of a `sim check` worker process, started by entry/check-worker.ts
 * once the scenarios are registered: it rebuilds the check from the data on
 * its command line once (suite, protocol, the family's options), then runs
 * the chunks the parent sends over the IPC channel, one at a time, exactly as
 * checkChunk does there. It dies with its parent, even inside a protocol that
 * loops, and ends when the parent closes the channel.
 */
export async function serveChunks(): Promise<void> {
  dieWithParentEvenWhenBusy();
  const send = process.send?.bind(process);
  if (!send) throw new Error('sim check worker: started without an IPC channel (it is started by sim check --jobs N)');
  const reply = (message: ChunkReply) => send(message);
  // Listening before the set-up awaits anything: a chunk the parent sends meanwhile waits for it, not lost.
  const ready = workerSetUp(JSON.parse(process.argv[2] ?? '') as ChunkWorkerData);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: ChunkJob) => {
    ready
      .then(({ suite, options, family }) => {
        const definition = suite.properties.find((candidate) => candidate.name === job.chunk.property);
        if (!definition) throw new Error(`no property '${job.chunk.property}' in family ${family}`);
        return checkChunk(suite, definition, job.chunk, { ...options, onRun: (progress) => reply({ id: job.id, progress }) });
      })
      .then(
        (result) => reply({ id: job.id, result: JSON.stringify(result) }),
        (error: unknown) => reply({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
  await ready;
}

/** The check rebuilt from names: the family's suite and the options every chunk runs with. */
async function workerSetUp(data: ChunkWorkerData): Promise<{ family: string; suite: AnySuite; options: ChunkOptions<unknown> }> {
  const family = findFamily(data.family);
  const suite = await propertySuite(data.family);
  if (!family || !suite) throw new Error(`sim check worker: no property suite for family '${data.family}'`);
  let protocol: ProtocolChoice | undefined;
  if (data.protocol?.file !== undefined) {
    protocol = { protocol: await protocolFromFile(family, data.protocol.file, data.protocol.file), file: data.protocol.file };
  } else if (data.protocol) {
    const builtIn = family.protocols.find((entry) => entry.protocol.name === data.protocol?.name)?.protocol;
    if (!builtIn) throw new Error(`sim check worker: no protocol '${data.protocol.name}' in family ${data.family}`);
    protocol = { protocol: builtIn };
  }
  const transform = await suite.transform?.(data.familyOptions, data.cwd);
  return {
    family: data.family,
    suite,
    options: {
      bounds: data.bounds,
      store: data.store,
      scratch: data.scratch,
      ...(protocol ? { protocol } : {}),
      ...(transform ? { transform } : {}),
    },
  };
}
