import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { InputError } from '../../../engine/input-error.js';
import { MODULE_EXTENSIONS, protocolFromFile } from '../../../engine/protocol-file.js';
import type { EvalRequest, EvalOutcome, PreparedEvaluation } from '../../family-entry.js';
import { handoverFamily } from '../family.js';
import { DEFAULT_GRAPH } from '../graph.js';
import { readGraphFile } from '../graph-file.js';
import { readGuardrailRules } from '../guardrail-rules-file.js';
import { loadPolicyModuleChecked } from '../policy-module.js';
import { addMiss, readMiss } from './add-miss.js';
import { writeEvalReport } from './eval-report.js';
import { confusionTable, metricsLines, scenarioLines } from './eval-text.js';
import { evaluate, type JudgeChoice } from './evaluate.js';
import { loadJudgeModule } from './judge.js';
import { brokenThresholds } from './metrics.js';
import type { EvalSubject, HarnessChoice } from './run-eval.js';
import { parseSuite } from './suite.js';

const text = (inputs: EvalRequest['inputs'], key: string) => (typeof inputs[key] === 'string' ? inputs[key] : undefined);
const whole = (inputs: EvalRequest['inputs'], key: string) => (typeof inputs[key] === 'number' ? inputs[key] : undefined);

/**
 * `--protocol`: a built-in harness of the family by name, the user's harness
 * module, checked by loading it once, or a module a family claims and plays
 * as a conversation harness (EvalRequest.claimHarness).
 */
async function harnessChoice(value: string, cwd: string, claimHarness: EvalRequest['claimHarness']): Promise<HarnessChoice> {
  const builtIn = handoverFamily.protocols.find((entry) => entry.protocol.name === value);
  if (builtIn) return { kind: 'built-in', protocol: builtIn.protocol };
  const path = resolve(cwd, value);
  if (!value.includes('/') && !MODULE_EXTENSIONS.includes(extname(value)))
    throw new InputError(
      `unknown protocol '${value}' in family handover; valid: ${handoverFamily.protocols.map((entry) => entry.protocol.name).join(', ')}, or a path to your own module`,
    );
  if (!existsSync(path)) throw new InputError(`protocol file ${value} does not exist`);
  if (MODULE_EXTENSIONS.includes(extname(path))) await (await import('../../../process/trial-load.js')).trialLoad(path, value);
  const claimed = MODULE_EXTENSIONS.includes(extname(path)) ? await claimHarness?.(path, value) : undefined;
  if (claimed) return { kind: 'conversation', harness: claimed };
  await protocolFromFile(handoverFamily, path, value);
  return { kind: 'file', path, shownAs: value };
}

/** The inputs that shape the family's own harness, which a conversation harness of another family does not run. */
const REFERENCE_INPUTS = [
  ['policy', '--policy'],
  ['graph', '--graph'],
  ['rules', '--rules'],
] as const;

function refuseReferenceInputs(inputs: EvalRequest['inputs'], protocol: string): void {
  const given = REFERENCE_INPUTS.find(([key]) => inputs[key] !== undefined);
  if (given)
    throw new InputError(`${given[1]} shapes the handover family's own harness; ${protocol} runs its own agents, model and guardrails: leave ${given[1]} out`);
}

/**
 * `sim eval handover`: handover as a decision, evaluated like a classifier
 * over a labelled suite. Reads and checks the suite, the harness, the
 * policy, the graph, the guardrail rules, the judge and a miss to add
 * before anything runs (a problem is one InputError).
 */
export async function prepareEvaluation(request: EvalRequest, cwd: string): Promise<PreparedEvaluation> {
  const suite = parseSuite(request.suiteText, request.suiteName);
  const subject: EvalSubject = { policy: { kind: 'reference' }, graph: DEFAULT_GRAPH };
  const { inputs } = request;
  const policy = text(inputs, 'policy');
  const graph = text(inputs, 'graph');
  const rules = text(inputs, 'rules');
  const judgeFile = text(inputs, 'judge');
  const callTimeoutMs = whole(inputs, 'modelTimeoutMs');
  const judgeTimeoutMs = whole(inputs, 'judgeTimeoutMs');
  if (request.protocol !== undefined) subject.harness = await harnessChoice(request.protocol, cwd, request.claimHarness);
  if (subject.harness?.kind === 'conversation') refuseReferenceInputs(inputs, request.protocol ?? '');
  if (policy) {
    await loadPolicyModuleChecked(policy, cwd);
    subject.policy = { kind: 'module', path: resolve(cwd, policy), ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }) };
  }
  if (graph) subject.graph = readGraphFile(graph, cwd);
  if (rules) {
    await readGuardrailRules(rules, cwd);
    subject.rules = resolve(cwd, rules);
  }
  const judge: JudgeChoice | undefined = judgeFile
    ? { judge: await loadJudgeModule(judgeFile, cwd), ...(judgeTimeoutMs === undefined ? {} : { timeoutMs: judgeTimeoutMs }) }
    : undefined;
  const judgeName = judgeFile ? `judge ${judgeFile}` : undefined;
  const miss = request.addMiss === undefined ? undefined : readMiss(request.addMiss);
  return {
    async run(scratch: string): Promise<EvalOutcome> {
      const { suitePath } = request;
      const note = miss && suitePath ? await addMiss(suitePath, miss, subject, scratch) : undefined;
      const current = note?.startsWith('added') && suitePath ? parseSuite(request.rereadSuite(), request.suiteName) : suite;
      const { results, metrics } = await evaluate(current, subject, scratch, judge);
      const broken = brokenThresholds(metrics, current.thresholds);
      return {
        passed: broken.length === 0,
        document: {
          metrics,
          broken,
          results: results.map(({ verdict, run, judgeError }) => ({ verdict, ...run, ...(judgeError ? { judgeError } : {}) })),
          note: note ?? null,
        },
        text: [
          ...(note ? [note] : []),
          `${[...metricsLines(metrics, judgeName), '', confusionTable(metrics), '', ...scenarioLines(results), ''].join('\n')}`,
          broken.length === 0 ? 'thresholds: met (or none given)' : `thresholds broken: ${broken.join('; ')}`,
        ],
        writeReport: async (folder) => {
          await writeEvalReport(folder, results, metrics, broken, judgeName);
          return 'report.md, eval.json, verdicts.png';
        },
      };
    },
  };
}
