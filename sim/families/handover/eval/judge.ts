import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { InputError } from '../../../engine/input-error.js';
import { importModule, MODULE_EXTENSIONS } from '../../../engine/protocol-file.js';
import type { Turn } from './suite.js';

export { JUDGE_TIMEOUT_MS } from './judge-timeout.js';

/** What a judge of context quality is shown for one handover: the facts the label requires, what the person was handed, the conversation. */
export interface JudgeRequest {
  id: string;
  facts: readonly string[];
  /** The ticket's summary and key facts: what the person is handed. */
  context: string;
  /** The scenario's turns as labelled, a log's agent and operator turns included. */
  turns: readonly Turn[];
}

/** The required facts the context carries, each one of the request's facts. */
export interface JudgeAnswer {
  carried: string[];
}

/**
 * A judge of context quality: for each required fact, whether the person
 * was handed it. A user's judge may call a model where the user runs it;
 * cutpoint's own is deterministic.
 */
export type ContextJudge = (request: JudgeRequest) => JudgeAnswer | Promise<JudgeAnswer>;

/** The deterministic judgement: a fact is carried when the context holds it, in any case. */
export function factsIn(context: string, facts: readonly string[]): string[] {
  return facts.filter((fact) => context.toLowerCase().includes(fact.toLowerCase()));
}

export type FactsJudged = { carried: string[] } | { error: string };

function answerProblem(answer: unknown, facts: readonly string[]): string | undefined {
  const carried = (answer as Partial<JudgeAnswer> | null)?.carried;
  if (!Array.isArray(carried)) return `answered ${JSON.stringify(answer) ?? String(answer)}: give { carried: [the facts carried] }`;
  const stranger = carried.find((fact) => !facts.includes(fact as string));
  return stranger === undefined ? undefined : `answered carried ${JSON.stringify(stranger)}, which is none of the required facts`;
}

/**
 * Asks a judge about one handover. A judge that throws, answers something
 * else than the facts it was asked about, or does not settle within
 * `timeoutMs` of wall time (real time is the point: a judge may call a
 * remote model) is an error of this scenario's judging, counted, never a hang.
 */
export async function judgeFacts(judge: ContextJudge, request: JudgeRequest, timeoutMs: number): Promise<FactsJudged> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<FactsJudged>((settle) => {
    timer = setTimeout(() => settle({ error: `the judge did not answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const asked = (async (): Promise<FactsJudged> => {
    try {
      const answer: unknown = await judge(request);
      const problem = answerProblem(answer, request.facts);
      return problem === undefined ? { carried: [...(answer as JudgeAnswer).carried] } : { error: `the judge ${problem}` };
    } catch (error) {
      return { error: `the judge threw: ${error instanceof Error ? error.message : String(error)}` };
    }
  })();
  try {
    return await Promise.race([asked, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads a user's judge module: a function exported as `default` or `judge`
 * (or an object with a judge method). Its top level is first imported in a
 * thread of its own, so one that loops or waits is one sentence.
 */
export async function loadJudgeModule(path: string, cwd: string): Promise<ContextJudge> {
  const absolute = resolve(cwd, path);
  if (existsSync(absolute) && MODULE_EXTENSIONS.includes(extname(absolute)))
    await (await import('../../../process/trial-load.js')).trialLoad(absolute, path, 'judge');
  const exports = await importModule(absolute, { kind: 'judge', shownAs: path });
  const candidate = exports.judge ?? exports.default;
  if (typeof candidate === 'function') return candidate as ContextJudge;
  const method = (candidate as { judge?: unknown } | undefined)?.judge;
  if (typeof method === 'function') return (method as ContextJudge).bind(candidate);
  throw new InputError(`judge file ${path} must export (as default or as judge) a function judge({ id, facts, context, turns })`);
}
