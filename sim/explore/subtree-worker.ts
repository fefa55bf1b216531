import { protocolFromFile } from '../engine/protocol-file.js';
import { loadFamily } from '../families/index.js';
import { serveJobs, type JobHandler } from '../process/serve-jobs.js';
import { exploreSubtree, type SubtreeVerdicts } from './subtree.js';
import { sourceKey, type SubtreeEvent, type SubtreeJob, type SubtreeWorkerData } from './subtree-pool.js';
import type { ExploreTarget } from './target.js';

/**
 * A worker process of the explore pool (started by startSubtreePool): it
 * loads every protocol of the exploration once, then explores the subtrees
 * the parent sends, one at a time, each of the protocol its job names,
 * telling the parent of each execution (for the progress line) and of the
 * verdicts.
 */
async function subtreeHandler(data: SubtreeWorkerData): Promise<JobHandler<SubtreeJob, SubtreeVerdicts, SubtreeEvent>> {
  const targets = new Map<string, ExploreTarget>();
  for (const source of data.sources) {
    const family = await loadFamily(source.family);
    if (!family) throw new Error(`sim explore worker: no family '${source.family}'`);
    const protocol = source.protocolFile
      ? await protocolFromFile(family, source.protocolFile, source.protocolFile)
      : family.protocols.find((entry) => entry.protocol.name === source.protocol)?.protocol;
    if (!protocol) throw new Error(`sim explore worker: no protocol '${source.protocol}' in family ${source.family}`);
    targets.set(sourceKey(source), {
      family,
      protocol,
      bounds: data.bounds,
      memoise: data.memoise,
      reduction: data.reduction,
      ...(source.protocolFile ? { protocolFile: source.protocolFile } : {}),
    });
  }
  return async (job, report) => {
    const target = targets.get(sourceKey(job));
    if (!target) throw new Error(`sim explore worker: a job names '${sourceKey(job)}', which it was not started with`);
    return exploreSubtree(target, job.key, job.executionsMax, () => report('executed'));
  };
}

await serveJobs('sim explore worker', subtreeHandler);
