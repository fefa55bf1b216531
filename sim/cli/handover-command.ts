import { resolve } from 'node:path';
import type { Command } from 'commander';
import { conversationTimeline } from '../families/handover/conversation-timeline.js';
import { EXIT, type ExitCode } from './errors.js';
import type { Io } from './io.js';

/*
 * `sim handover show CASE_DIR`: a handover case as a conversation, which
 * `sim show` also prints for a case whose stores are the handover family's.
 * The table is `sim table --family handover` (with --policy and --graph for
 * your own model and graph), the properties `sim check --family handover`.
 */

export function registerHandover(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const handover = program
    .command('handover')
    .description(
      'the handover family (seed 002): a case as a conversation (table: sim table --family handover; properties: sim check --family handover)',
    );
  handover
    .command('show')
    .description('a handover case as a conversation: who said what, which agent was active, when each ticket and message was committed')
    .argument('<case-dir>', 'a case folder of a handover run (with orchestrator.db, human-queue.db, message-channel.db)')
    .action((dir: string) => {
      io.stdout(`${conversationTimeline(resolve(io.cwd, dir)).join('\n')}\n`);
      exit(EXIT.ok);
    });
}
