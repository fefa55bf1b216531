import { findContract, CONTRACTS } from '../../../protocols/receivers/contracts.js';
import type { LangGraphProtocol } from '../../../protocols/langgraph/types.js';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A user's module, completed into a graph of this family: `name`, an optional
 * `summary`, `graph(parts)` returning the graph compiled with
 * `parts.checkpointer`, and `contract`, the name of the rule their API keeps
 * (`no-receipt` when left out: an API without idempotency keys). Returns the
 * protocol, or one sentence saying what is missing.
 */
export function protocolFromModule(exports: Record<string, unknown>, where: string): LangGraphProtocol | string {
  const { name, summary, graph, contract } = exports;
  if (typeof graph !== 'function')
    return `${where} exports no graph: export function graph({ checkpointer, model, effects }) returning your graph compiled with that checkpointer`;
  if (typeof name !== 'string' || !NAME.test(name)) return `${where}: export const name = '...' (lower-case letters, digits and dashes)`;
  const bound = findContract(typeof contract === 'string' ? contract : 'no-receipt');
  if (!bound) return `${where}: contract must be one of ${CONTRACTS.map((c) => c.name).join(', ')}`;
  return {
    name,
    summary: typeof summary === 'string' ? summary : `${name} (a user's graph)`,
    graph: graph as LangGraphProtocol['graph'],
    contract: bound,
  };
}
