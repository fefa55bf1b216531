import { resolve } from 'node:path';
import { readGraphFile } from './graph-file.js';
import { loadPolicyModuleChecked } from './policy-module.js';
import { TABLE_WORKLOAD, type HandoverWorkload } from './workload.js';

/**
 * The table's conversation played by a user's own model (--policy) and/or
 * on their own graph (--graph), each loaded and checked before any case
 * runs (a problem is one InputError sentence); undefined when neither is
 * given, so the seed's workload and its expected rows apply.
 */
export async function ownHandoverWorkload(
  options: { policy?: string; graph?: string; modelTimeoutMs?: number | undefined },
  cwd: string,
): Promise<HandoverWorkload | undefined> {
  if (!options.policy && !options.graph) return undefined;
  if (options.policy) await loadPolicyModuleChecked(options.policy, cwd);
  return {
    ...TABLE_WORKLOAD,
    ...(options.policy
      ? {
          policy: {
            kind: 'module',
            path: resolve(cwd, options.policy),
            ...(options.modelTimeoutMs === undefined ? {} : { callTimeoutMs: options.modelTimeoutMs }),
          },
        }
      : {}),
    ...(options.graph ? { graph: readGraphFile(options.graph, cwd) } : {}),
  };
}
