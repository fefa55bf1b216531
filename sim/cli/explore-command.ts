import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { InvalidArgumentError, type Command } from 'commander';
import { boundsText, exploreSummary } from '../../reports/explore-summary.js';
import { timeline } from '../../reports/timeline.js';
import { FileMedium } from '../engine/connections.js';
import type { FamilyProtocol } from '../engine/family.js';
import { freshInstances } from '../engine/run-case.js';
import { ChoiceLog, parseSchedule } from '../explore/choices.js';
import { runControlled } from '../explore/controlled-run.js';
import { exploreWorkloadOf } from '../explore/target.js';
import { EXPLORE_DEFAULTS, exploreBounds, exploreProtocols } from '../app/explore.js';
import { displayPath, writeJsonAtomic } from '../results/run-folder.js';
import { openRunFolder } from '../app/run-folder-life.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { chooseFamily } from '../app/family-choice.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import { resolveProtocols } from '../app/load-protocol.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { ended, inWatchedChild, LIFE_TIMEOUT_HELP } from './watched-run.js';
import { cutsChoice, positiveInt, protocolName, rangeText, shardValue, wholeNumber } from './options.js';
import {
  EXECUTIONS_BOUND_MAX,
  EXPLORE_CRASH_DEPTH_MAX,
  EXPLORE_INTENTIONS_MAX,
  EXPLORE_WORKERS_MAX,
  JOBS_MAX,
  LIFE_TIMEOUT_MS_MAX,
  RETENTION_MS_MAX,
} from '../engine/limits.js';
import type { Shard } from '../explore/shard.js';
import { defaultJobs } from '../process/pool.js';
import { TRANSPORT_OPTION_HELP, transportName } from './transport-option.js';
import { withTransport, type TransportName } from '../app/transport.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';
import { exploreReplayLine } from '../explore/replay-line.js';
import { exploreVerdict } from '../results/explore-result.js';
import { exitForVerdict } from './verdict-exit.js';

interface ExploreOptions {
  family?: string;
  protocol: string[];
  lifeTimeoutMs: number;
  workers: number;
  intentions: number;
  crashDepth: number;
  retentionMs?: number;
  schedule?: string;
  cuts?: 'all';
  executionsMax: number;
  reduction: boolean;
  out: string;
  transport: TransportName;
  format: 'text' | 'json';
  shard?: Shard;
  jobs?: number;
}

const EXPLORE_FORMATS = ['text', 'json'] as const;

/** A schedule as printed with a violation: colon-separated choices (`1:0:2`); the dots of older printed lines are read too. */
function scheduleText(value: string): string {
  if (!/^(\d+([:.]\d+)*)?$/.test(value.trim()))
    throw new InvalidArgumentError(`schedule must look like 1:0:2 (as printed with a violation); got '${value}'.`);
  return value.trim();
}

export function registerExplore(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('explore')
    .description('explore every crash schedule and every interleaving of the relay workers within bounds, and check N = 1')
    .option('--family <name>', FAMILY_OPTION_HELP, familyName)
    .requiredOption(
      '-p, --protocol <name>',
      'the protocol (`sim list` names them), or a path to your own module; more than once: several, explored on one pool of --jobs',
      (v: string, previous: string[] | undefined) => protocolName(v, previous),
    )
    .option(
      '-w, --workers <w>',
      `relay workers ${rangeText(1, EXPLORE_WORKERS_MAX)}`,
      positiveInt('workers', EXPLORE_WORKERS_MAX),
      EXPLORE_DEFAULTS.workers,
    )
    .option(
      '-i, --intentions <i>',
      `intentions ${rangeText(1, EXPLORE_INTENTIONS_MAX)}: tenantA:k1, tenantB:k1, tenantA:k2, tenantB:k2`,
      positiveInt('intentions', EXPLORE_INTENTIONS_MAX),
      EXPLORE_DEFAULTS.intentions,
    )
    .option(
      '-d, --crash-depth <d>',
      `crashes per schedule ${rangeText(0, EXPLORE_CRASH_DEPTH_MAX)}, in the attempt or during recovery`,
      wholeNumber('crash-depth', 0, EXPLORE_CRASH_DEPTH_MAX),
      EXPLORE_DEFAULTS.crashDepth,
    )
    .option('--cuts <which>', "'all': crash and interleave at every boundary, each commit too (default: the named cuts)", cutsChoice)
    .option(
      '--retention-ms <ms>',
      `receipt retention in virtual ms ${rangeText(1, RETENTION_MS_MAX)} (default: kept forever)`,
      positiveInt('retention-ms', RETENTION_MS_MAX),
    )
    .option('--schedule <s>', 'replay the one schedule printed with a violation, keeping its files', scheduleText)
    .option(
      '--executions-max <n>',
      `stop after this many executions ${rangeText(1, EXECUTIONS_BOUND_MAX)} (the result then says it is not exhaustive)`,
      positiveInt('executions-max', EXECUTIONS_BOUND_MAX),
      EXPLORE_DEFAULTS.executionsMax,
    )
    .option(
      '--no-reduction',
      'explore every interleaving (the naive search): by default one order of steps that touch no common row is explored',
    )
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option(
      '--shard <i/n>',
      'explore only the i-th of n parts (subtrees of the first choices, the same split for every n): n CI jobs, together, explore what one does',
      shardValue,
    )
    .option(
      '-j, --jobs <n>',
      `subtrees explored at a time: this process and worker processes ${rangeText(1, JOBS_MAX)} (default: one per core)`,
      positiveInt('jobs', JOBS_MAX),
    )
    .option(
      '--life-timeout-ms <ms>',
      `${LIFE_TIMEOUT_HELP} ${rangeText(1, LIFE_TIMEOUT_MS_MAX)}`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
      LIFE_TIMEOUT_MS,
    )
    .option(
      '--transport <name>',
      `${TRANSPORT_OPTION_HELP}; the server runs in this process, so the explorer still chooses at every cut`,
      transportName,
      'in-process',
    )
    .option('-f, --format <format>', formatHelp(EXPLORE_FORMATS), formatOption(EXPLORE_FORMATS), 'text')
    .addHelpText(
      'after',
      "\nExit codes: 0 no violation (and, when exploring, every schedule explored) in any protocol named; 1 a violation, or the bound stopped it; 2 bad input.\n--shard and --jobs do not change what a subtree finds: the shards' verdicts together are the unsharded run's, and a\nprinted --schedule replays without --shard. --schedule replays one schedule of one protocol: it takes neither, nor a\nsecond --protocol. Several protocols give one section each (in results.json too), each what exploring it alone gives.",
    )
    .action(async (options: ExploreOptions, self: Command) => {
      const family = await chooseFamily(options.family, options.protocol ?? [], io.cwd);
      const { protocols, files } = await resolveProtocols(family, options.protocol, io.cwd);
      const [protocol] = protocols;
      if (!protocol) throw new UsageError('--protocol names no protocol');
      if (options.schedule !== undefined && protocols.length > 1)
        throw new UsageError(
          '--schedule replays one schedule of one protocol: give exactly one --protocol (as printed with the violation).',
        );
      // A user's module would run in this process: the exploration moves into a watched child, which cannot hang us.
      const ownModule = protocols.find((candidate) => files.has(candidate.name));
      const watchedCode = await inWatchedChild(
        self,
        ownModule && { name: ownModule.name, file: files.get(ownModule.name), family: family.name },
        options.lifeTimeoutMs,
        io,
      );
      if (watchedCode !== undefined) return exit(watchedCode);
      const bounds = exploreBounds(options);
      const folder = openRunFolder(resolve(io.cwd, options.out), io.cwd);
      const json = options.format === 'json';
      const intentionsOf = (protocol: FamilyProtocol) => family.describeWorkload(exploreWorkloadOf({ family, protocol, bounds }));
      if (!json) for (const each of protocols) io.stdout(`sim explore: ${boundsText({ protocol: each.name, bounds }, intentionsOf(each))}\n`);
      // The --protocol value each protocol was named by (a user's module by its path), for its replay line.
      const named = (name: string) =>
        options.protocol.find((value) => value === name || (files.has(name) && resolve(io.cwd, value) === files.get(name))) ?? name;
      // Every option that changes which schedule a replay runs, and where its files go, so the line can be pasted as it is.
      const replayLine = (name: string) => (schedule: string) =>
        exploreReplayLine({
          family: options.family ? family.name : undefined,
          protocol: named(name),
          bounds,
          out: options.out,
          transport: options.transport === 'http' ? 'http' : undefined,
          schedule,
        });

      if (options.schedule !== undefined) {
        if (options.shard || options.jobs !== undefined)
          throw new UsageError(
            '--schedule replays one schedule: it takes neither --shard nor --jobs (a printed schedule replays without them).',
          );
        const log = new ChoiceLog(parseSchedule(options.schedule), new Set());
        const kept = join(folder.path, 'schedule');
        const workload = exploreWorkloadOf({ family, protocol, bounds });
        const protocolFile = files.get(protocol.name);
        const execution = await withTransport(options.transport, (http) =>
          runControlled({
            ...(http ? { wire: http.open() } : {}),
            // As when it was found: each life a fresh instance of a user's module, or a replay would keep its module state.
            ...(protocolFile ? { freshProtocol: freshInstances(family, protocolFile, kept) } : {}),
            family,
            protocol,
            workload,
            bounds,
            log,
            folder: kept,
            medium: new FileMedium(),
            writeHistory: true,
          }),
        );
        if (log.invalid) throw new UsageError(`${log.invalid}: not a schedule of these bounds`);
        const outcome = execution.outcome;
        if (!outcome) throw new Error('a replayed schedule was stopped early');
        const violation = family.judge(workload, outcome);
        const stores = Object.keys(outcome.files.stores).map((store) => `${store}.db`);
        if (json) {
          io.stdout(
            jsonDocument({
              kind: 'explore-replay',
              tool: 'cutpoint',
              runId: folder.runId,
              protocol: protocol.name,
              bounds,
              schedule: options.schedule,
              violation: violation ?? null,
              kept: displayPath(kept, io.cwd),
              files: [...stores, 'history.jsonl'],
            }),
          );
          return exit(violation ? EXIT.checkFailed : EXIT.ok);
        }
        io.stdout(
          `replaying schedule ${options.schedule || '(first choices)'}\n\ntimeline (virtual ms, worker, event):\n${timeline(outcome.history.all())}\n`,
        );
        io.stdout(violation ? `violation: ${violation.kind}: ${violation.message}\n` : 'no violation in this schedule\n');
        io.stdout(`kept: ${displayPath(kept, io.cwd)} (${stores.join(', ')}, history.jsonl)\n`);
        return exit(ended(violation ? EXIT.checkFailed : EXIT.ok));
      }

      let lastDraw = 0;
      const started = performance.now();
      const results = await withTransport(options.transport, (http) =>
        exploreProtocols(
          protocols.map((each) => ({ family, protocol: each, file: files.get(each.name) })),
          bounds,
          {
            ...(http ? { openWire: http.open } : {}),
            executionsMax: options.executionsMax,
            reduction: options.reduction,
            ...(options.shard ? { shard: options.shard } : {}),
            jobs: options.jobs ?? defaultJobs(),
            onProgress: (schedules) => {
              const now = performance.now();
              if (!io.isTty || now - lastDraw < 100) return;
              lastDraw = now;
              io.stderr(`\rexploring: ${schedules} schedules, ${Math.round(schedules / ((now - started) / 1000))} schedules/s\x1b[K`);
            },
          },
          (name, schedule) => replayLine(name)(schedule),
        ),
      );
      if (io.isTty) io.stderr('\r\x1b[K');
      // One protocol keeps the shape results.json always had; several hold one such section each, in the order named.
      const stored = {
        kind: 'explore',
        tool: 'cutpoint',
        runId: folder.runId,
        startedAt: folder.startedAt,
        ...(results.length === 1
          ? results[0]!
          : { bounds, protocols: results.map((result) => ({ ...result, verdict: exploreVerdict([result]) })) }),
        verdict: exploreVerdict(results),
      };
      writeJsonAtomic(join(folder.path, 'results.json'), stored);
      const code = exitForVerdict(stored.verdict);
      if (json) {
        io.stdout(jsonDocument({ ...stored, runFolder: displayPath(folder.path, io.cwd) }));
        // Told to a watching parent too, as the text output's end is: without it, it reads its child's end as the protocol's exit.
        return exit(ended(code));
      }
      const lines = results.flatMap((result) => [
        ...(results.length > 1 ? ['', `${result.protocol}:`] : []),
        ...exploreSummary(result, replayLine(result.protocol)),
        ...(result.shard
          ? [
              `shard ${result.shard.index}/${result.shard.count}: ${result.subtrees.explored} of the ${result.subtrees.total} subtrees; the other shards explore the rest.`,
            ]
          : []),
      ]);
      if (results.length > 1)
        lines.push('', `${results.length} protocols explored together in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
      io.stdout(lines.join('\n') + `\nrun folder: ${displayPath(folder.path, io.cwd)}\n`);
      exit(ended(code));
    });
}
