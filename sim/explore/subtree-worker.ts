import { parentPort, workerData } from 'node:worker_threads';
import { protocolFromFile } from '../engine/protocol-file.js';
import { findFamily } from '../families.js';
import { exploreSubtree } from './subtree.js';
import type { SubtreeJob, SubtreeReply, SubtreeWorkerData } from './subtree-pool.js';

/**
 * A worker thread of the explore pool: it loads the family and the protocol
 * once, then explores the subtrees the main thread sends, one at a time,
 * telling it of each execution (for the progress line) and of the verdicts.
 */
const data = workerData as SubtreeWorkerData;
const port = parentPort!;
const family = findFamily(data.family);
if (!family) throw new Error(`explore worker: no family '${data.family}'`);
const protocol = data.protocolFile
  ? await protocolFromFile(family, data.protocolFile, data.protocolFile)
  : family.protocols.find((entry) => entry.protocol.name === data.protocol)?.protocol;
if (!protocol) throw new Error(`explore worker: no protocol '${data.protocol}' in family ${data.family}`);
const target = { family, protocol, bounds: data.bounds, memoise: data.memoise };

port.on('message', (job: SubtreeJob) => {
  const reply = (message: SubtreeReply) => port.postMessage(message);
  exploreSubtree(target, job.key, job.executionsMax, () => reply({ id: job.id, executed: true })).then(
    (verdicts) => reply({ id: job.id, verdicts }),
    (error: unknown) => reply({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
