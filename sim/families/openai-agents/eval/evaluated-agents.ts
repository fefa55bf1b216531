import type { OpenAIAgentsProtocol } from '../../../../protocols/openai-agents/types.js';
import { protocolFromModule } from '../protocol-module.js';
import type { Respond } from './responding-model.js';

/** A user's agents under evaluation: the agents, and `respond`, their model's answers to each conversation. */
export interface EvaluatedAgents extends OpenAIAgentsProtocol {
  respond: Respond;
}

/**
 * A user's module completed into agents to evaluate: what the family takes
 * (protocolFromModule), and `respond(question)`, which answers for the model
 * on whatever conversation the suite brings (a fixed `script` answers one
 * conversation only). Returns the agents, or one sentence saying what is wrong.
 */
export function evaluatedAgentsFromModule(exports: Record<string, unknown>, where: string): EvaluatedAgents | string {
  const protocol = protocolFromModule(exports, where);
  if (typeof protocol === 'string') return protocol;
  if (typeof exports.respond !== 'function')
    return `${where}: sim eval plays each conversation of the suite through your agents, and the model's answers come from you: export function respond({ agent, messages, tools, handoffs }) returning { text?, calls?, handoff? }`;
  return { ...protocol, respond: exports.respond as Respond };
}
