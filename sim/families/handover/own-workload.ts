import { resolve } from 'node:path';
import { readGraphFile } from './graph-file.js';
import { readGuardrailRules } from './guardrail-rules-file.js';
import { loadPolicyModule, loadPolicyModuleChecked } from './policy-module.js';
import { TABLE_WORKLOAD, tableWorkloadOn, type HandoverWorkload } from './workload.js';

/**
 * The table's conversation played by a user's own model (`policy`), on
 * their own graph (`graph`) and/or behind their own guardrail rules
 * (`rules`), each loaded and checked before any case runs (a problem is one
 * InputError sentence); undefined when none is given, so the seed's workload and its expected rows apply. With a policy,
 * the module's own name too, for the table's notes on it.
 */
export async function ownHandoverWorkload(
  inputs: Readonly<Record<string, unknown>>,
  cwd: string,
): Promise<{ workload: HandoverWorkload; userModule?: { file: string; name: string } } | undefined> {
  const policy = typeof inputs['policy'] === 'string' ? inputs['policy'] : undefined;
  const graph = typeof inputs['graph'] === 'string' ? inputs['graph'] : undefined;
  const modelTimeoutMs = typeof inputs['modelTimeoutMs'] === 'number' ? inputs['modelTimeoutMs'] : undefined;
  const rules = typeof inputs['rules'] === 'string' ? inputs['rules'] : undefined;
  if (!policy && !graph && !rules) return undefined;
  if (policy) await loadPolicyModuleChecked(policy, cwd);
  if (rules) await readGuardrailRules(rules, cwd);
  // On the user's graph, the person who gives the conversation back writes the graph's own lines.
  const workload: HandoverWorkload = {
    ...(graph ? tableWorkloadOn(readGraphFile(graph, cwd)) : TABLE_WORKLOAD),
    ...(policy
      ? {
          policy: {
            kind: 'module',
            path: resolve(cwd, policy),
            ...(modelTimeoutMs === undefined ? {} : { callTimeoutMs: modelTimeoutMs }),
          },
        }
      : {}),
    ...(rules ? { rules: resolve(cwd, rules) } : {}),
  };
  return { workload, ...(policy === undefined ? {} : { userModule: { file: policy, name: (await loadPolicyModule(policy, cwd)).name } }) };
}
