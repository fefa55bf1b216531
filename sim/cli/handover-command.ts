import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runHandoverTable } from '../../scenarios/handover/handover-table.js';
import { handoverTableText } from '../../scenarios/handover/table-text.js';
import { timeline } from '../../reports/timeline.js';
import { conversationTimeline } from '../handover/conversation-timeline.js';
import { handoverFamily } from '../handover/family.js';
import { readGraphFile } from '../handover/graph-file.js';
import { loadPolicyModule } from '../handover/policy-module.js';
import type { HandoverGraph } from '../handover/graph.js';
import type { HandoverWorkload, PolicyChoice } from '../handover/workload.js';
import { createRunFolder, displayPath, writeJsonAtomic } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { positiveInt, replayPath, seedValue } from './options.js';
import { createScratch, defaultScratchParent } from './scratch.js';

/*
 * `sim handover ...`: the handover family's table and a case as a
 * conversation. Its properties run with the generic `sim check --family
 * handover`.
 */

interface SubjectOptions {
  policy?: string;
  graph?: string;
}

/** The user's own model and graph, put in place of the reference ones. */
interface HandoverSubject {
  policy?: PolicyChoice;
  graph?: HandoverGraph;
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
    .description('the handover family (seed 002): its table, a case as a conversation (properties: sim check --family handover)');
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

