import { InputError } from '../../../engine/input-error.js';
import { fsReason } from '../../../results/fs-reason.js';
import { readTextFile } from '../../../results/read-text-file.js';
import { writeFileAtomic } from '../../../results/run-folder.js';
import { judgeScenario } from './metrics.js';
import { runScenario, type EvalSubject } from './run-eval.js';
import { parseSuite, scenarioFromJson, type EvalScenario } from './suite.js';

/** Reads the miss to add: a JSON file holding one labelled scenario, checked as a suite line is. */
export function readMiss(path: string): EvalScenario {
  let text: string;
  try {
    text = readTextFile(path);
  } catch (error) {
    throw new InputError(`--add-miss ${path}: ${fsReason(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`--add-miss ${path}: not JSON`);
  }
  const scenario = scenarioFromJson(json);
  if (typeof scenario === 'string') throw new InputError(`--add-miss ${path}: ${scenario}`);
  return scenario;
}

/**
 * Appends a miss to the suite once it is confirmed: the policy under
 * evaluation really gets it wrong (missed, late, wrong target). The suite
 * is rewritten through a temporary file and a rename, so a crash leaves the
 * old suite or the new one, never half of one. Returns why it was or was not added.
 */
export async function addMiss(suitePath: string, scenario: EvalScenario, subject: EvalSubject, scratch: string): Promise<string> {
  const text = readTextFile(suitePath);
  const suite = parseSuite(text, suitePath);
  if (suite.scenarios.some((existing) => existing.id === scenario.id))
    throw new InputError(`--add-miss: scenario id '${scenario.id}' is already in ${suitePath}`);
  const judged = judgeScenario(scenario, await runScenario(scenario, subject, scratch));
  if (judged.verdict === 'correct' || judged.verdict === 'correct-no-handover')
    return `not added: ${scenario.id} is not a miss (${judged.verdict}) for this policy`;
  writeFileAtomic(suitePath, `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${JSON.stringify(scenario)}\n`);
  return `added ${scenario.id} to ${suitePath} (${judged.verdict})`;
}
