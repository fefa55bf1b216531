import { protocolFromFile } from '../engine/protocol-file.js';
import { DEFAULT_FAMILY, loadFamily, propertySuite } from '../families/index.js';
import { serveJobs, type JobHandler } from '../process/serve-jobs.js';
import { checkChunk } from './check-chunk.js';
import type { PropertyResult } from './check-property.js';
import type { RunProgress } from './check-chunked.js';
import type { ChunkWorkerData } from './chunk-pool.js';
import type { CheckChunk } from './chunks.js';
import { traceSchedule } from './schedule-trace.js';
import type { ProtocolChoice } from './suite.js';

/**
 * The loop of a `sim check` worker process, started by entry/check-worker.ts
 * once the scenarios are registered: it rebuilds the check from the data on
 * its command line once (suite, protocol, the family's options), then runs
 * the chunks the parent sends, one at a time, exactly as checkChunk does there.
 */
export async function serveChunks(): Promise<void> {
  // Started ahead of the plan (its data comes later over the channel): the default family, the likeliest, loads while it waits.
  if (process.argv[2] === undefined) void preload(DEFAULT_FAMILY);
  await serveJobs('sim check worker', chunkHandler);
}

/** Loads a family's modules and property suite, so that the set-up finds them loaded; a failure here is the set-up's to report. */
async function preload(family: string): Promise<void> {
  try {
    await Promise.all([loadFamily(family), propertySuite(family)]);
  } catch {
    // The set-up loads what its data names, and says what went wrong then.
  }
}

/** The check rebuilt from names: the family's suite and the options every chunk runs with. */
async function chunkHandler(data: ChunkWorkerData): Promise<JobHandler<CheckChunk, PropertyResult, RunProgress>> {
  const family = await loadFamily(data.family);
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
  const options = {
    bounds: data.bounds,
    store: data.store,
    scratch: data.scratch,
    ...(protocol ? { protocol } : {}),
    ...(transform ? { transform } : {}),
  };
  traceSchedule('ready');
  return async (chunk, report) => {
    const definition = suite.properties.find((candidate) => candidate.name === chunk.property);
    if (!definition) throw new Error(`no property '${chunk.property}' in family ${data.family}`);
    return checkChunk(suite, definition, chunk, { ...options, onRun: report });
  };
}
