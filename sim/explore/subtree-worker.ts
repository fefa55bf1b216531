import { protocolFromFile } from '../engine/protocol-file.js';
import { loadFamily } from '../family-catalogue.js';
import { serveJobs, type JobHandler } from '../process/serve-jobs.js';
import { exploreSubtree, type SubtreeVerdicts } from './subtree.js';
import type { SubtreeEvent, SubtreeJob, SubtreeWorkerData } from './subtree-pool.js';

/**
 * A worker process of the explore pool (started by startSubtreePool): it
 * loads the family and the protocol once, then explores the subtrees the
 * parent sends, one at a time, telling it of each execution (for the
 * progress line) and of the verdicts.
 */
async function subtreeHandler(data: SubtreeWorkerData): Promise<JobHandler<SubtreeJob, SubtreeVerdicts, SubtreeEvent>> {
  const family = await loadFamily(data.family);
  if (!family) throw new Error(`sim explore worker: no family '${data.family}'`);
  const protocol = data.protocolFile
    ? await protocolFromFile(family, data.protocolFile, data.protocolFile)
    : family.protocols.find((entry) => entry.protocol.name === data.protocol)?.protocol;
  if (!protocol) throw new Error(`sim explore worker: no protocol '${data.protocol}' in family ${data.family}`);
  const target = { family, protocol, bounds: data.bounds, memoise: data.memoise };
  return (job, report) => exploreSubtree(target, job.key, job.executionsMax, () => report('executed'));
}

await serveJobs('sim explore worker', subtreeHandler);
