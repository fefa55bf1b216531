import { findContract, CONTRACTS } from '../../../protocols/receivers/contracts.js';
import { DURABILITIES, type Durability, type GraphCase, type LangGraphProtocol, type ScriptedCall, type ScriptedTurn } from '../../../protocols/langgraph/types.js';
import type { JsonValue } from '../../../protocols/receivers/types.js';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

const GRAPH_SHAPE = 'export function graph({ checkpointer, model, effects }) returning your graph compiled with that checkpointer';

/** What the user's module says of its case, checked: the case, or one sentence saying what is wrong. */
type Checked<T> = { value: T } | { problem: string };

/**
 * A user's module, completed into a graph of this family: `name` (its file's
 * when loaded from one), an optional `summary`, `graph(parts)` returning the
 * graph compiled with `parts.checkpointer`, `contract`, the name of the rule
 * their API keeps (`no-receipt` when left out: an API without idempotency
 * keys), and `durability`, the LangGraph durability mode every invocation
 * asks for (LangGraph's default, `async`, when left out). With `input`
 * and `script` (the model's answers and tool calls) the module brings its own
 * case, and `intention(call)` derives what identifies each tool call's
 * intention (the tool's name and arguments when left out). Returns the
 * protocol, or one sentence saying what is missing.
 */
export function protocolFromModule(exports: Record<string, unknown>, where: string): LangGraphProtocol | string {
  const { name, summary, graph, contract, durability } = exports;
  if (graph !== undefined && typeof graph === 'object')
    return `${where} exports a compiled graph: ${GRAPH_SHAPE}, so each process life builds it afresh on the checkpointer cutpoint gives`;
  if (typeof graph !== 'function') return `${where} exports no graph: ${GRAPH_SHAPE}`;
  if (typeof name !== 'string' || !NAME.test(name)) return `${where}: export const name = '...' (lower-case letters, digits and dashes)`;
  const bound = findContract(typeof contract === 'string' ? contract : 'no-receipt');
  if (!bound) return `${where}: contract must be one of ${CONTRACTS.map((c) => c.name).join(', ')}`;
  if (durability !== undefined && !DURABILITIES.includes(durability as Durability))
    return `${where}: durability must be one of ${DURABILITIES.join(', ')} (LangGraph's durability mode for every invocation)`;
  const graphCase = caseOf(exports, where);
  if ('problem' in graphCase) return graphCase.problem;
  return {
    name,
    summary: typeof summary === 'string' ? summary : `${name} (a user's graph)`,
    graph: graph as LangGraphProtocol['graph'],
    contract: bound,
    ...(graphCase.value ? { case: graphCase.value } : {}),
    ...(durability === undefined ? {} : { durability: durability as Durability }),
  };
}

function isJson(value: unknown): value is JsonValue {
  try {
    return value !== undefined && JSON.stringify(JSON.parse(JSON.stringify(value))) === JSON.stringify(value);
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The module's `input`, `script`, `answer` and `intention`, as the family's case; none when it gives neither input nor script. */
function caseOf(exports: Record<string, unknown>, where: string): Checked<GraphCase | undefined> {
  const { input, script, answer, intention } = exports;
  if (input === undefined && script === undefined) {
    if (intention !== undefined || answer !== undefined) return { problem: `${where}: export input and script too, the case they belong to` };
    return { value: undefined };
  }
  if (!isJson(input)) return { problem: `${where}: export const input = ... (a JSON value: what your graph is invoked with)` };
  if (answer !== undefined && !isJson(answer)) return { problem: `${where}: answer must be a JSON value (what every interrupt is resumed with)` };
  if (intention !== undefined && typeof intention !== 'function')
    return { problem: `${where}: intention must be a function of a tool call ({ name, args }) returning the string that identifies it` };
  const turns = scriptOf(script, where, intention as ((call: { name: string; args: Record<string, unknown> }) => unknown) | undefined);
  if ('problem' in turns) return turns;
  return { value: { input, script: turns.value, answer: answer ?? 'approve' } };
}

const SCRIPT_SHAPE = "export const script = [{ toolCalls: [{ name: 'send_email', args: { ... } }] }, { content: 'Done.' }] (the model's answers, in order)";

function scriptOf(
  script: unknown,
  where: string,
  intention: ((call: { name: string; args: Record<string, unknown> }) => unknown) | undefined,
): Checked<ScriptedTurn[]> {
  if (!Array.isArray(script)) return { problem: `${where}: ${SCRIPT_SHAPE}` };
  const turns: ScriptedTurn[] = [];
  let calls = 0;
  for (const [index, turn] of script.entries()) {
    if (!isRecord(turn) || (turn.content !== undefined && typeof turn.content !== 'string') || (turn.toolCalls !== undefined && !Array.isArray(turn.toolCalls)))
      return { problem: `${where}: script[${index}] must be { content?: string, toolCalls?: [...] }` };
    const toolCalls: ScriptedCall[] = [];
    for (const call of (turn.toolCalls ?? []) as unknown[]) {
      calls += 1;
      if (!isRecord(call) || typeof call.name !== 'string' || !isRecord(call.args) || !isJson(call.args) || (call.id !== undefined && typeof call.id !== 'string'))
        return { problem: `${where}: script[${index}] has a tool call that is not { name: string, args: { ...JSON }, id?: string }` };
      const named = namedIntention(intention, call.name, call.args, where);
      if (typeof named === 'object') return named;
      toolCalls.push({ id: typeof call.id === 'string' ? call.id : `call_${calls}`, name: call.name, args: call.args, ...(named ? { intention: named } : {}) });
    }
    turns.push({ content: typeof turn.content === 'string' ? turn.content : '', ...(toolCalls.length > 0 ? { toolCalls } : {}) });
  }
  return { value: turns };
}

/** The intention the module's own function derives for a call, checked; undefined when the module has none. */
function namedIntention(
  intention: ((call: { name: string; args: Record<string, unknown> }) => unknown) | undefined,
  name: string,
  args: Record<string, unknown>,
  where: string,
): string | undefined | { problem: string } {
  if (!intention) return undefined;
  let named: unknown;
  try {
    named = intention({ name, args });
  } catch (error) {
    return { problem: `${where}: intention() threw on the ${name} call: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof named !== 'string' || named === '') return { problem: `${where}: intention() must return a non-empty string for the ${name} call` };
  return named;
}
