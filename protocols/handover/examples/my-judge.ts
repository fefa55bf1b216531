/**
 * An example of a judge of context quality for `sim eval handover --judge`:
 * for each fact the label requires, whether the person was handed it. A real
 * one may call a model where you run it (the call is timed by
 * --judge-timeout-ms); this one accepts a fact when every word of it is in
 * the context, in any order and case, so that its answers replay exactly.
 */
interface JudgeRequest {
  id: string;
  facts: readonly string[];
  /** The ticket's summary and key facts: what the person is handed. */
  context: string;
  /** The scenario's turns, a log's agent and operator turns included. */
  turns: readonly (string | { role: string; text: string })[];
}

export function judge({ facts, context }: JudgeRequest): { carried: string[] } {
  const words = new Set(context.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  return { carried: facts.filter((fact) => (fact.toLowerCase().match(/[a-z0-9]+/g) ?? []).every((word) => words.has(word))) };
}
