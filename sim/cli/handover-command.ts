import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runHandoverTable } from '../../scenarios/handover/handover-table.js';
import { checkHandoverProperty, replayHandoverProperty, type HandoverSubject } from '../../scenarios/handover/properties/check-property.js';
import { findHandoverProperty, HANDOVER_PROPERTIES } from '../../scenarios/handover/properties/definitions.js';
import { handoverReplayCommand, handoverSummaryLine, handoverTrialSize } from '../../scenarios/handover/properties/summary.js';
import { handoverTableText } from '../../scenarios/handover/table-text.js';
import { timeline } from '../../reports/timeline.js';
import { conversationTimeline } from '../handover/conversation-timeline.js';
import { handoverFamily } from '../handover/family.js';
import { readGraphFile } from '../handover/graph-file.js';
import { loadPolicyModule } from '../handover/policy-module.js';
import type { HandoverWorkload } from '../handover/workload.js';
import { createRunFolder, displayPath, writeJsonAtomic } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { positiveInt, replayPath, seedValue } from './options.js';
import { createScratch, defaultScratchParent } from './scratch.js';

/*
 * `sim handover ...`: the handover family's table and properties, until the
 * engine's generic `sim table --family handover` and `sim check --family
 * handover` land; then these become those and this module goes.
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

function tableFormat(value: string): 'text' | 'json' {
  if (value !== 'text' && value !== 'json') throw new InvalidArgumentError(`format must be text or json; got '${value}'.`);
  return value;
}

export function registerHandover(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const handover = program
    .command('handover')
    .description('the handover family (seed 002): its table, its properties, a case as a conversation');
  registerShow(handover, io, exit);

  handover
    .command('table')
    .description('crash the nurse handover of the seed conversation at each of five cuts; count tickets, notices and the invariants')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option('--policy <file>', 'your own model: a module exporting respond(conversation, tools) (default: the reference policy)')
    .option('--graph <file>', 'your own handover graph, as JSON (default: router, appointments, information, human_nurse)')
    .option('--format <format>', 'text or json', tableFormat, 'text')
    .addHelpText(
      'after',
      '\nExit codes: 0 every cell as expected (or measured only, for your own model or graph); 1 a cell differs or a case failed; 2 bad input.',
    )
    .action(async (options: SubjectOptions & { out: string; format: 'text' | 'json' }) => {
      const subject = await subjectOf(options, io.cwd);
      const workload: HandoverWorkload | undefined =
        subject.policy || subject.graph
          ? {
              ...handoverFamily.tableWorkload,
              ...(subject.policy ? { policy: subject.policy } : {}),
              ...(subject.graph ? { graph: subject.graph } : {}),
            }
          : undefined;
      const folder = createRunFolder(resolve(io.cwd, options.out));
      const table = await runHandoverTable(folder.path, undefined, workload);
      writeJsonAtomic(join(folder.path, 'results.json'), {
        kind: 'handover-table',
        tool: 'cutpoint',
        runId: folder.runId,
        startedAt: folder.startedAt,
        cuts: table.cuts,
        rows: table.rows.map((row) => ({
          protocol: row.protocol,
          measured: row.measured,
          expected: row.expected ?? null,
          cases: row.cases.map((result) => ({
            cut: result.cut?.name ?? null,
            cutFired: result.cutFired,
            effects: result.effects,
            metrics: result.metrics,
            error: result.error ?? null,
            folder: displayPath(result.files.folder, folder.path),
          })),
        })),
        problems: table.problems,
      });
      if (options.format === 'json')
        io.stdout(
          `${JSON.stringify({ runId: folder.runId, rows: table.rows.map((row) => ({ protocol: row.protocol, ...row.measured })), problems: table.problems })}\n`,
        );
      else io.stdout(`${handoverTableText(table)}run folder: ${displayPath(folder.path, io.cwd)}\n`);
      exit(table.problems.length === 0 ? EXIT.ok : EXIT.checkFailed);
    });

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
