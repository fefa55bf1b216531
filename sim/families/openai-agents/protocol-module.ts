import { CONTRACTS, findContract } from '../../../protocols/receivers/contracts.js';
import type { OpenAIAgentsProtocol, ScriptedTurn } from '../../../protocols/openai-agents/types.js';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

/** An array of the scripted model's turns, each with calls as an array when it has any. */
export function isScript(value: unknown): value is ScriptedTurn[] {
  return (
    Array.isArray(value) &&
    value.every((turn) => turn !== null && typeof turn === 'object' && (turn.calls === undefined || Array.isArray(turn.calls)))
  );
}

/**
 * A user's module, completed into agents of this family: `name`, an
 * optional `summary`, `agent(parts)` returning the entry agent (built with
 * the SDK, its tools acting through `parts.effects`, its handoffs to people
 * through `parts.humans`), the `contract` of their API and the
 * `queueContract` of their people's queue (`no-receipt` when left out), and
 * optionally the `script` their model answers and the `input` the customer
 * says first. Returns the protocol, or one sentence saying what is wrong.
 */
export function protocolFromModule(exports: Record<string, unknown>, where: string): OpenAIAgentsProtocol | string {
  const { name, summary, agent, contract, queueContract, script, input } = exports;
  if (typeof agent !== 'function')
    return `${where} exports no agents: export function agent({ effects, humans, conversation }) returning your entry Agent`;
  if (typeof name !== 'string' || !NAME.test(name)) return `${where}: export const name = '...' (lower-case letters, digits and dashes)`;
  const effects = findContract(typeof contract === 'string' ? contract : 'no-receipt');
  const humans = findContract(typeof queueContract === 'string' ? queueContract : 'no-receipt');
  if (!effects || !humans) return `${where}: contract and queueContract must each be one of ${CONTRACTS.map((c) => c.name).join(', ')}`;
  if (script !== undefined && !isScript(script))
    return `${where}: script must be an array of turns ({ text?, calls?: [{ name, args }], handoff?: { to, toPerson?, announcedOnly? } })`;
  if (input !== undefined && typeof input !== 'string') return `${where}: input must be a string, what the customer says first`;
  return {
    name,
    summary: typeof summary === 'string' ? summary : `${name} (a user's agents)`,
    agent: agent as OpenAIAgentsProtocol['agent'],
    contracts: { effects, humans },
    ...(script !== undefined ? { script } : {}),
    ...(input !== undefined ? { input } : {}),
  };
}
