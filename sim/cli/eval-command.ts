import { resolve } from 'node:path';
import { Command } from 'commander';
import { FAMILY_ENTRIES, findEntry } from '../families/index.js';
import { InputError } from '../engine/input-error.js';
import { fsReason } from '../results/fs-reason.js';
import { readTextFile } from '../results/read-text-file.js';
import { displayPath } from '../results/run-folder.js';
import { openRunFolder } from '../app/run-folder-life.js';
import { claimedConversationHarness } from '../app/conversation-harness.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import { addFamilyInputs, refuseFamilyInputs, watchedInputs } from './family-inputs.js';
import type { Io } from './io.js';
import { formatHelp, formatOption } from './output-format.js';
import { positiveInt, rangeText } from './options.js';
import { LIFE_TIMEOUT_MS_MAX } from '../engine/limits.js';
import { ended, inWatchedChild } from './watched-run.js';
import { looksLikePath } from '../app/load-protocol.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { createScratch, defaultScratchParent } from '../process/scratch.js';

/** The options every evaluated family takes; a family's own (its entry's inputs) come beside them, by key. */
interface EvalOptions {
  suite?: string;
  protocol?: string;
  format: 'text' | 'json';
  report?: boolean;
  addMiss?: string;
  out: string;
  lifeTimeoutMs: number;
}

const EVAL_FORMATS = ['text', 'json'] as const;

function readSuiteText(path: string): string {
  try {
    return readTextFile(path);
  } catch (error) {
    throw new InputError(`cannot read suite ${path}: ${fsReason(error)}`);
  }
}

/** `sim eval <family>`: a family's decisions evaluated like a classifier over a labelled suite, by the family's own evaluation. */
export function registerEval(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const evaluated = FAMILY_ENTRIES.filter((entry) => entry.evaluation).map((entry) => entry.name);
  const command = program
    .command('eval')
    .description('evaluate a policy on a suite of labelled conversations: missed and unnecessary handovers, targets, timing, context')
    .argument('<family>', `the family to evaluate (${evaluated.join(', ')})`)
    .option(
      '--suite <file>',
      'JSON Lines of labelled scenarios (turns, or a conversation log of user, agent and operator turns) and an optional thresholds line (default: the built-in hard cases)',
    )
    .option(
      '-p, --protocol <name>',
      "the harness under evaluation: a built-in protocol's name (`sim list` names them) or a path to your own module, as sim table takes it, or a module of a framework family that plays as a harness (its agents and guardrails, with respond() as the model) (default: the family's reference)",
    );
  addFamilyInputs(command, 'eval', { prefix: false, only: 'standing' });
  command
    .option('-f, --format <format>', formatHelp(EVAL_FORMATS), formatOption(EVAL_FORMATS), 'text')
    .option('--report', 'write the confusion table, per-scenario results and a chart into a run folder')
    .option('--add-miss <file>', 'a JSON file with one labelled scenario: appended to --suite when the policy really misses it')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--life-timeout-ms <ms>',
      `with a module of yours (--protocol, --policy, --rules, --judge): the evaluation runs in a watched child process, and a life that takes longer than this (a respond() that loops or never settles) stops it with an error ${rangeText(1, LIFE_TIMEOUT_MS_MAX)}`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
      LIFE_TIMEOUT_MS,
    );
  addFamilyInputs(command, 'eval', { prefix: false, only: 'qualifying' });
  command
    .addHelpText(
      'after',
      '\nExit codes: 0 the thresholds are met (or none given); 1 one is not; 2 bad input (a malformed suite: line and problem).',
    )
    .action(async (family: string, options: EvalOptions & Readonly<Record<string, unknown>>, self: Command) => {
      const evaluation = await findEntry(family)?.evaluation?.();
      if (!evaluation) throw new UsageError(`sim eval knows the ${evaluated.join(' and ')} family only; got '${family}'`);
      if (options.addMiss !== undefined && options.suite === undefined)
        throw new UsageError('--add-miss appends to a suite file: give it with --suite');
      refuseFamilyInputs('eval', family, options);
      const suitePath = options.suite === undefined ? undefined : resolve(io.cwd, options.suite);
      const prepared = await evaluation.prepare(
        {
          suiteText: suitePath ? readSuiteText(suitePath) : await evaluation.defaultSuite(),
          suiteName: options.suite ?? '(built-in)',
          ...(suitePath === undefined ? {} : { suitePath }),
          ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
          rereadSuite: () => readSuiteText(suitePath ?? ''),
          claimHarness: claimedConversationHarness,
          inputs: options,
          ...(options.addMiss === undefined ? {} : { addMiss: resolve(io.cwd, options.addMiss) }),
        },
        io.cwd,
      );
      // The user's modules run in this process: one that loops would block even SIGTERM's handler, so a watched child runs them.
      const modules = [
        ...(options.protocol !== undefined && looksLikePath(options.protocol) ? [{ flag: '--protocol', value: options.protocol }] : []),
        ...watchedInputs('eval', options),
      ];
      if (modules.length > 0) {
        const subject = modules.map(({ flag, value }) => `${flag.replace(/^--/, '')} ${value}`).join(', ');
        const watchedCode = await inWatchedChild(self, { name: subject, file: modules[0]!.value, subject }, options.lifeTimeoutMs, io);
        if (watchedCode !== undefined) return exit(watchedCode);
      }

      const scratch = createScratch(defaultScratchParent());
      try {
        const outcome = await prepared.run(scratch.path);
        let report: string | undefined;
        if (options.report) {
          const folder = openRunFolder(resolve(io.cwd, options.out), io.cwd);
          report = `report: ${displayPath(folder.path, io.cwd)} (${await outcome.writeReport(folder.path)})`;
        }
        if (options.format === 'json') io.stdout(`${JSON.stringify(outcome.document)}\n`);
        else io.stdout(`${[...outcome.text, ...(report ? [report] : [])].join('\n')}\n`);
        exit(ended(outcome.passed ? EXIT.ok : EXIT.checkFailed));
      } finally {
        scratch.remove();
      }
    });
}
