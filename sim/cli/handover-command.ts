import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { checkHandoverProperty, replayHandoverProperty, type HandoverSubject } from '../../scenarios/handover/properties/check-property.js';
import { findHandoverProperty, HANDOVER_PROPERTIES } from '../../scenarios/handover/properties/definitions.js';
import { handoverReplayCommand, handoverSummaryLine, handoverTrialSize } from '../../scenarios/handover/properties/summary.js';
import { timeline } from '../../reports/timeline.js';
import { conversationTimeline } from '../handover/conversation-timeline.js';
import { readGraphFile } from '../handover/graph-file.js';
import { loadPolicyModule } from '../handover/policy-module.js';
import { createRunFolder, displayPath } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { positiveInt, replayPath, seedValue } from './options.js';
import { createScratch, defaultScratchParent } from './scratch.js';

/*
 * `sim handover ...`: the handover family's properties, until the generic
 * `sim check --family handover` lands, and a case as a conversation (which
 * `sim show` also prints for a handover case). The table is `sim table
 * --family handover` (with --policy and --graph for your own model and graph).
 */

interface SubjectOptions {
  policy?: string;
  graph?: string;
}

/** The user's own model (--policy) and graph (--graph), loaded and checked before anything runs. */
async function subjectOf(options: SubjectOptions, cwd: string): Promise<HandoverSubject> {
  const subject: HandoverSubject = {};
  if (options.policy) {
    await loadPolicyModule(options.policy, cwd);
    subject.policy = { kind: 'module', path: resolve(cwd, options.policy) };
  }
  if (options.graph) subject.graph = readGraphFile(options.graph, cwd);
  return subject;
}

export function registerHandover(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const handover = program
    .command('handover')
    .description('the handover family (seed 002): its properties, a case as a conversation (the table is `sim table --family handover`)');
  registerShow(handover, io, exit);

  handover
    .command('check')
    .description('fast-check properties of the handover harness, the model played as an adversary, and a negative control per flaw')
    .argument('[property...]', 'properties to run (default: all); see --list')
    .option('-n, --runs <n>', 'generated runs per property', positiveInt('runs'), 200)
    .option('-s, --seed <seed>', 'fast-check seed (default: random, printed first)', seedValue)
    .option('--path <path>', 'replay the one run at this path (with --seed and one property), keeping its files', replayPath)
    .option('--policy <file>', 'check the harness around your own model instead of the generated adversary')
    .option('--graph <file>', 'check with your own handover graph')
    .option('--scratch <dir>', 'parent of the scratch folder (default: /dev/shm when present, else the temp folder)')
    .option('-o, --out <dir>', 'parent folder of run folders (counterexamples and replays are kept there)', 'runs')
    .option('--list', 'list the properties and exit')
    .addHelpText('after', '\nExit codes: 0 every property held and every negative control found its bug; 1 one did not; 2 bad input.')
    .action(
      async (
        names: string[],
        options: SubjectOptions & { runs: number; seed?: number; path?: string; scratch?: string; out: string; list?: boolean },
      ) => {
        if (options.list) {
          for (const property of HANDOVER_PROPERTIES)
            io.stdout(`${property.name.padEnd(32)} ${property.expect.padEnd(5)} ${property.title}\n`);
          return exit(EXIT.ok);
        }
        const selected =
          names.length === 0 ? HANDOVER_PROPERTIES : names.map((name) => findHandoverProperty(name) ?? unknownProperty(name));
        const subject = await subjectOf(options, io.cwd);
        const seed = options.seed ?? randomInt(0, 2 ** 31);
        const extra = `${options.policy ? ` --policy ${options.policy}` : ''}${options.graph ? ` --graph ${options.graph}` : ''}`;
        if (options.path !== undefined) {
          const [property] = selected;
          if (selected.length !== 1 || !property || options.seed === undefined) {
            throw new UsageError('--path replays one run: give exactly one property and its --seed, as printed with the failure.');
          }
          const folder = createRunFolder(resolve(io.cwd, options.out));
          const kept = join(folder.path, property.name);
          const replay = await replayHandoverProperty(property, { seed, path: options.path, folder: kept, subject });
          if (!replay) throw new UsageError(`seed ${seed} and path ${options.path} name no run of ${property.name}`);
          io.stdout(
            `sim handover check: replaying ${property.name}, seed ${seed}, path ${options.path}\n${handoverTrialSize(replay.trial)}\n\n`,
          );
          io.stdout(
            `${JSON.stringify(replay.trial.workload.conversations)}\n\ntimeline (virtual ms, worker, event):\n${timeline(replay.events)}\n`,
          );
          io.stdout(replay.violation ? `violation: ${replay.violation.kind}: ${replay.violation.message}\n` : 'no violation in this run\n');
          io.stdout(`kept: ${displayPath(kept, io.cwd)} (orchestrator.db, human-queue.db, message-channel.db, history.jsonl)\n`);
          return exit(EXIT.ok);
        }
        io.stdout(
          `sim handover check: seed ${seed}, ${options.runs} runs per property${subject.policy ? `, model ${options.policy}` : ''}${subject.graph ? `, graph ${options.graph}` : ''}\n`,
        );
        const scratch = createScratch(options.scratch ? resolve(io.cwd, options.scratch) : defaultScratchParent());
        let passed = 0;
        let folder: ReturnType<typeof createRunFolder> | undefined;
        try {
          const width = Math.max(...selected.map((property) => property.name.length));
          for (const property of selected) {
            const result = await checkHandoverProperty(property, { runs: options.runs, seed, scratch: scratch.path, subject });
            if (result.passed) passed++;
            io.stdout(`${handoverSummaryLine(result, width)}\n`);
            if (!result.counterexample) continue;
            folder ??= createRunFolder(resolve(io.cwd, options.out));
            const kept = join(folder.path, property.name);
            await replayHandoverProperty(property, { seed, path: result.counterexample.path, folder: kept, subject });
            io.stdout(
              `    replay: ${handoverReplayCommand(result, result.counterexample.path, extra)}\n    kept:   ${displayPath(kept, io.cwd)}\n`,
            );
          }
        } finally {
          scratch.remove();
        }
        io.stdout(`\n${passed}/${selected.length} properties passed (seed ${seed}).\n`);
        exit(passed === selected.length ? EXIT.ok : EXIT.checkFailed);
      },
    );
}

function registerShow(handover: Command, io: Io, exit: (code: ExitCode) => void): void {
  handover
    .command('show')
    .description('a handover case as a conversation: who said what, which agent was active, when each ticket and message was committed')
    .argument('<case-dir>', 'a case folder of a handover run (with orchestrator.db, human-queue.db, message-channel.db)')
    .action((dir: string) => {
      io.stdout(`${conversationTimeline(resolve(io.cwd, dir)).join('\n')}\n`);
      exit(EXIT.ok);
    });
}

function unknownProperty(name: string): never {
  throw new UsageError(`unknown handover property '${name}'; valid: ${HANDOVER_PROPERTIES.map((property) => property.name).join(', ')}`);
}
