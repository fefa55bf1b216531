import { parentPort, workerData } from 'node:worker_threads';
import { protocolFromFile } from '../engine/protocol-file.js';
import { findFamily } from '../families.js';
import { propertySuite } from '../suites.js';
import { checkChunk } from './check-chunk.js';
import type { ChunkJob, ChunkReply, ChunkWorkerData } from './chunk-pool.js';
import type { ProtocolChoice } from './suite.js';

/**
 * The loop of a `sim check` worker thread, started by entry/check-worker.ts
 * once the scenarios are registered: it rebuilds the check from the worker
 * data once (suite, protocol, the family's options), then runs the chunks the
 * main thread sends, one at a time, exactly as checkChunk does there.
 */
export async function serveChunks(): Promise<void> {
  const data = workerData as ChunkWorkerData;
  const port = parentPort!;
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

  port.on('message', (job: ChunkJob) => {
    const reply = (message: ChunkReply) => port.postMessage(message);
    const definition = suite.properties.find((candidate) => candidate.name === job.chunk.property);
    if (!definition) return reply({ id: job.id, error: `no property '${job.chunk.property}' in family ${data.family}` });
    checkChunk(suite, definition, job.chunk, {
      bounds: data.bounds,
      store: data.store,
      scratch: data.scratch,
      ...(protocol ? { protocol } : {}),
      ...(transform ? { transform } : {}),
      onRun: (progress) => reply({ id: job.id, progress }),
    }).then(
      (result) => reply({ id: job.id, result: JSON.stringify(result) }),
      (error: unknown) => reply({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}
