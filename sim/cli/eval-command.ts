import { resolve } from 'node:path';
import { Command } from 'commander';
import { defaultEvalSuite } from '../suites.js';
import { addMiss, readMiss } from '../families/handover/eval/add-miss.js';
import { writeEvalReport } from '../families/handover/eval/eval-report.js';
import { confusionTable, metricsLines, scenarioLines } from '../families/handover/eval/eval-text.js';
import { evaluate } from '../families/handover/eval/evaluate.js';
import { brokenThresholds } from '../families/handover/eval/metrics.js';
import type { EvalSubject } from '../families/handover/eval/run-eval.js';
import { parseSuite } from '../families/handover/eval/suite.js';
import { InputError } from '../engine/input-error.js';
import { DEFAULT_GRAPH } from '../families/handover/graph.js';
import { readGraphFile } from '../families/handover/graph-file.js';
import { loadPolicyModuleChecked } from '../families/handover/policy-module.js';
import { MODEL_CALL_TIMEOUT_MAX_MS, MODEL_TIMEOUT_HELP } from '../families/handover/model-call-timeout.js';
import { fsReason } from '../results/fs-reason.js';
import { readTextFile } from '../results/read-text-file.js';
import { displayPath } from '../results/run-folder.js';
import { openRunFolder } from '../app/run-folder-life.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { formatHelp, formatOption } from './output-format.js';
import { positiveInt, rangeText } from './options.js';
import { LIFE_TIMEOUT_MS_MAX } from '../limits.js';
import { ended, inWatchedChild, policySubject } from './watched-run.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { createScratch, defaultScratchParent } from '../process/scratch.js';

interface EvalOptions {
  suite?: string;
  policy?: string;
  graph?: string;
  format: 'text' | 'json';
  report?: boolean;
  addMiss?: string;
  out: string;
  lifeTimeoutMs: number;
  modelTimeoutMs?: number;
}

const EVAL_FORMATS = ['text', 'json'] as const;

function readSuiteText(path: string): string {
  try {
    return readTextFile(path);
  } catch (error) {
    throw new InputError(`cannot read suite ${path}: ${fsReason(error)}`);
  }
}

/** `sim eval handover`: handover as a decision, evaluated like a classifier over a labelled suite. */
export function registerEval(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('eval')
    .description('evaluate a policy on a suite of labelled conversations: missed and unnecessary handovers, targets, timing, context')
    .argument('<family>', 'the family to evaluate (handover)')
    .option('--suite <file>', 'JSON Lines of labelled scenarios and an optional thresholds line (default: the built-in hard cases)')
    .option('--policy <file>', 'the policy under evaluation: a module exporting respond(conversation, tools) (default: the reference)')
    .option('--graph <file>', 'your own handover graph, as JSON (default: router, appointments, information, human_nurse)')
    .option('-f, --format <format>', formatHelp(EVAL_FORMATS), formatOption(EVAL_FORMATS), 'text')
    .option('--report', 'write the confusion table, per-scenario results and a chart into a run folder')
    .option('--add-miss <file>', 'a JSON file with one labelled scenario: appended to --suite when the policy really misses it')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--life-timeout-ms <ms>',
      `with --policy: the evaluation runs in a watched child process, and a life that takes longer than this (a respond() that loops or never settles) stops it with an error ${rangeText(1, LIFE_TIMEOUT_MS_MAX)}`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
      LIFE_TIMEOUT_MS,
    )
    .option('--model-timeout-ms <ms>', MODEL_TIMEOUT_HELP, positiveInt('model-timeout-ms', MODEL_CALL_TIMEOUT_MAX_MS))
    .addHelpText(
      'after',
      '\nExit codes: 0 the thresholds are met (or none given); 1 one is not; 2 bad input (a malformed suite: line and problem).',
    )
    .action(async (family: string, options: EvalOptions, self: Command) => {
      if (family !== 'handover') throw new UsageError(`sim eval knows the handover family only; got '${family}'`);
      if (options.addMiss !== undefined && options.suite === undefined)
        throw new UsageError('--add-miss appends to a suite file: give it with --suite');
      const suitePath = options.suite === undefined ? undefined : resolve(io.cwd, options.suite);
      const text = suitePath ? readSuiteText(suitePath) : await defaultEvalSuite('handover');
      if (text === undefined) throw new Error('the handover family registered no default evaluation suite');
      const suite = parseSuite(text, options.suite ?? '(built-in)');
      const subject: EvalSubject = { policy: { kind: 'reference' }, graph: DEFAULT_GRAPH };
      if (options.modelTimeoutMs !== undefined && !options.policy)
        throw new UsageError('--model-timeout-ms times the calls of your own model: give --policy too');
      if (options.policy) {
        await loadPolicyModuleChecked(options.policy, io.cwd);
        const callTimeoutMs = options.modelTimeoutMs;
        subject.policy = {
          kind: 'module',
          path: resolve(io.cwd, options.policy),
          ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }),
        };
      }
      if (options.graph) subject.graph = readGraphFile(options.graph, io.cwd);
      const miss = options.addMiss === undefined ? undefined : readMiss(resolve(io.cwd, options.addMiss));
      if (options.policy) {
        const watchedCode = await inWatchedChild(self, policySubject(options.policy), options.lifeTimeoutMs, io);
        if (watchedCode !== undefined) return exit(watchedCode);
      }

      const scratch = createScratch(defaultScratchParent());
      try {
        const note = miss && suitePath ? await addMiss(suitePath, miss, subject, scratch.path) : undefined;
        const current = note?.startsWith('added') && suitePath ? parseSuite(readSuiteText(suitePath), options.suite!) : suite;
        const { results, metrics } = await evaluate(current, subject, scratch.path);
        const broken = brokenThresholds(metrics, current.thresholds);
        let reportFolder: string | undefined;
        if (options.report) {
          const folder = openRunFolder(resolve(io.cwd, options.out), io.cwd);
          await writeEvalReport(folder.path, results, metrics, broken);
          reportFolder = folder.path;
        }
        if (options.format === 'json') {
          io.stdout(
            `${JSON.stringify({ metrics, broken, results: results.map(({ verdict, run }) => ({ verdict, ...run })), note: note ?? null })}\n`,
          );
        } else {
          if (note) io.stdout(`${note}\n`);
          io.stdout(`${[...metricsLines(metrics), '', confusionTable(metrics), '', ...scenarioLines(results), ''].join('\n')}\n`);
          io.stdout(broken.length === 0 ? 'thresholds: met (or none given)\n' : `thresholds broken: ${broken.join('; ')}\n`);
          if (reportFolder) io.stdout(`report: ${displayPath(reportFolder, io.cwd)} (report.md, eval.json, verdicts.png)\n`);
        }
        exit(ended(broken.length === 0 ? EXIT.ok : EXIT.checkFailed));
      } finally {
        scratch.remove();
      }
    });
}
