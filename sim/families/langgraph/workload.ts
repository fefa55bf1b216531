import type { JsonValue } from '../../../protocols/receivers/types.js';
import { toolIntention } from '../../../protocols/receivers/tool-calls.js';
import type { GraphCase, ScriptedCall } from '../../../protocols/langgraph/types.js';

/** One case of a graph: the thread it runs on, what starts it, what the model answers, and what a human answers at every interrupt. */
export interface LangGraphWorkload extends GraphCase {
  thread: string;
}

export interface LangGraphSettings {
  /** LangGraph's own bound on supersteps per invocation: a graph that loops past it ends its case as an error. */
  recursionLimit: number;
}

export const DEFAULT_LANGGRAPH_SETTINGS: LangGraphSettings = { recursionLimit: 25 };

const SHIPPED_MAIL = { to: 'ana@example.com', subject: 'order 42 has shipped' };

/** The examples' case: the user asks to tell Ana, the model calls send_email once, then answers. */
export const TABLE_WORKLOAD: LangGraphWorkload = {
  thread: 'order-42',
  input: { messages: [{ role: 'user', content: 'Tell Ana that her order 42 has shipped.' }] },
  script: [{ content: '', toolCalls: [{ id: 'call_1', name: 'send_email', args: SHIPPED_MAIL }] }, { content: 'Ana is told.' }],
  answer: 'approve',
};

export const TABLE_INTENTION = toolIntention('send_email', SHIPPED_MAIL);

/** The intentions a workload's script asks for: each tool call the model makes, which must take effect once. */
export function scriptedIntentions(workload: LangGraphWorkload): string[] {
  return workload.script.flatMap((turn) => (turn.toolCalls ?? []).map(callIntention));
}

/** The intention of one scripted call: the one the user's module derived, or the tool's name and arguments. */
export function callIntention(call: ScriptedCall): string {
  return call.intention ?? toolIntention(call.name, call.args as Record<string, JsonValue>);
}

/** The case of a user's module on a thread named after it: the interrupts approved unless it says otherwise. */
export function moduleWorkload(name: string, graphCase: GraphCase): LangGraphWorkload {
  return { thread: name, ...graphCase };
}
