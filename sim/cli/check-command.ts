import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { AnySuite, StoreKind } from '../check/suite.js';
import type { CheckResults } from '../results/check-results.js';
import { openRunFolder } from '../app/run-folder-life.js';
import { LIFE_TIMEOUT_MS } from '../process/life-timeout.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import { selectProperties } from '../app/select-properties.js';
import { chooseFamily } from '../app/family-choice.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import type { Io } from './io.js';
import { positiveInt, protocolName, rangeText, replayPath, seedValue, shardValue, storeKind } from './options.js';
import { CHECK_WORKERS_MAX, JOBS_MAX, LIFE_TIMEOUT_MS_MAX, RUNS_MAX, SWEEP_TRIALS_MAX } from '../engine/limits.js';
import { CHUNK_RUNS } from '../check/chunks.js';
import { startChunkWorkersAhead } from '../check/early-workers.js';
import { workersAhead, type ChecksAhead } from '../check/workers-ahead.js';
import { isWatched } from '../engine/heartbeat.js';
import { looksLikePath } from '../app/load-protocol.js';
import type { Shard } from '../explore/shard.js';
import { defaultJobs } from '../process/pool.js';
import { jsonFromRunFolder } from './json-from-run-folder.js';
import { checkJunitCases } from '../results/check-junit.js';
import { junitXml } from '../results/junit.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { ended, inWatchedChild, LIFE_TIMEOUT_HELP, policySubject } from './watched-run.js';
import { TRANSPORT_OPTION_HELP, transportName } from './transport-option.js';
import type { TransportName } from '../app/transport.js';
import { addFamilyInputs } from './family-inputs.js';
import { FAMILY_ENTRIES, inputFlag, inputKey, propertySuite } from '../families/index.js';
import { CHECK_RUNS_DEFAULT, checkRequest, randomSeed, type CheckWords } from '../app/check.js';

const CHECK_FORMATS = ['text', 'json', 'junit'] as const;

interface CheckOptions {
  runs: number;
  seed?: number;
  path?: string;
  workers?: number;
  workersMax?: number;
  store?: StoreKind;
  scratch?: string;
  out: string;
  list?: boolean;
  /** As given: a built-in name or a path to the user's module. */
  protocol?: string;
  report?: boolean;
  sweepTrials: number;
  family?: string;
  lifeTimeoutMs: number;
  transport: TransportName;
  format: 'text' | 'json' | 'junit';
  shard?: Shard;
  jobs?: number;
  [familyOption: string]: unknown;
}

/** `sim check`'s refusals of a check's options, in its flags. */
const CHECK_WORDS: CheckWords = {
  workers: (problem) => problem,
  store: (family, stores, given) => `--store ${given}: the ${family} family's runs use ${stores.join(' or ')} stores`,
};

/**
 * `sim check`: one command for every family's properties. The families' own
 * options come from the registry's entries and the family's suite is loaded
 * once the options are parsed, so this module names no family and knows no
 * property.
 */
export function registerCheck(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const command = program
    .command('check')
    .description(
      "run a family's fast-check properties over generated schedules: crashes, lost replies, concurrent workers, the model as an adversary",
    )
    .argument('[property...]', 'properties to run (default: all of the family); see --list')
    .option('-n, --runs <n>', `generated runs per property ${rangeText(1, RUNS_MAX)}`, positiveInt('runs', RUNS_MAX), CHECK_RUNS_DEFAULT)
    .option('-s, --seed <seed>', 'fast-check seed (default: random, printed first)', seedValue)
    .option('--path <path>', 'replay the one run at this path (with --seed and one property), keeping its files', replayPath)
    .option('--family <name>', FAMILY_OPTION_HELP, familyName)
    .option(
      '-w, --workers <w>',
      `concurrent workers: a generated run has from 1 up to this many ${rangeText(1, CHECK_WORKERS_MAX)}, default: the family's; the same option as in explore and stress`,
      positiveInt('workers', CHECK_WORKERS_MAX),
    )
    // The option's first name, kept so that printed replay lines and scripts that use it still work.
    .addOption(new Option('--workers-max <w>').hideHelp().argParser(positiveInt('workers-max', CHECK_WORKERS_MAX)))
    .option(
      '--store <kind>',
      'file: fresh SQLite files per run in the scratch folder; memory: in-memory databases, serialized between lives (faster; a counterexample is still replayed into files) (default: memory where the family takes it, else file)',
      storeKind,
    )
    .option('--scratch <dir>', 'parent of the scratch folder for file-backed runs (default: /dev/shm when present, else the temp folder)')
    .option('-o, --out <dir>', 'parent folder of run folders (failing and replayed runs are kept there)', 'runs')
    .option('-f, --format <format>', formatHelp(CHECK_FORMATS), formatOption(CHECK_FORMATS), 'text')
    .option('--list', "list the family's properties and exit")
    .option(
      '-p, --protocol <name>',
      'check this protocol (a built-in name or a path to your module) with the properties that must hold',
      (v: string) => protocolName(v)[0] ?? v,
    )
    .option(
      '--life-timeout-ms <ms>',
      `${LIFE_TIMEOUT_HELP} ${rangeText(1, LIFE_TIMEOUT_MS_MAX)}`,
      positiveInt('life-timeout-ms', LIFE_TIMEOUT_MS_MAX),
      LIFE_TIMEOUT_MS,
    )
    .option(
      '--transport <name>',
      `${TRANSPORT_OPTION_HELP}; the server runs in this process, one wire a run, so the scheduler still chooses at every cut (reservation family)`,
      transportName,
      'in-process',
    )
    .option(
      '--shard <i/n>',
      `run only the i-th of n parts: each property's runs are cut into chunks of ${CHUNK_RUNS}, chunk k with a seed derived from (seed, property, k) (chunk 0: the seed itself), and shard i takes every n-th unit from the i-th, a unit being one chunk of a property that must hold, or all the chunks of a negative control; n CI jobs, together, run what one does`,
      shardValue,
    )
    .option(
      '-j, --jobs <n>',
      `chunks run at a time: this process and worker processes ${rangeText(1, JOBS_MAX)} (default: one per core); with --transport http all run in this process`,
      positiveInt('jobs', JOBS_MAX),
    )
    .option('--report', 'then measure the sweeps of the family (reservation: retention and concurrency) and draw them into the run folder')
    .option(
      '--sweep-trials <k>',
      `generated trials per sweep point, with --report ${rangeText(1, SWEEP_TRIALS_MAX)}`,
      positiveInt('sweep-trials', SWEEP_TRIALS_MAX),
      100,
    );
  // Options of a family's own (its entry's inputs), as typed: the suite's transform reads them, and a replay line
  // repeats them, by the flag's name (model-timeout-ms).
  const familyOptions = new Map(
    addFamilyInputs(command, 'check', { parse: false }).map(({ family, input }) => [
      inputFlag(input).replace(/^--/, ''),
      { family, attribute: inputKey(input) },
    ]),
  );
  command
    .addHelpText(
      'after',
      '\nExit codes: 0 every property held and every negative control found its bug; 1 one did not; 2 bad input.\n' +
        "--shard and --jobs change no verdict: the chunks are the same whoever runs them, a property's verdict is its chunks'\n" +
        'up to the first that fails, and a printed replay line (the seed of the chunk that failed, its path) needs neither.\n' +
        '--shard needs --seed (the same in every shard). --path replays one run: it takes neither --shard nor --jobs;\n' +
        '--report measures the whole family: not with --shard.',
    )
    .action(async (names: string[], options: CheckOptions, self: Command) => {
      // The worker processes load while this one loads the family, its suite and the request, which they get then;
      // those it does not take (bad input, fewer chunks) are stopped and reaped when the command ends.
      startChunkWorkersAhead(workersAhead(checksAhead(names, options)));
      const { checkAll, replay, withWire } = await import('./check-run.js');
      // With --format json the text goes to stderr and the run's results.json is the one document on stdout.
      // With --format junit likewise, the document being that results.json as JUnit XML (a case per property).
      const json = options.format === 'text' ? undefined : jsonFromRunFolder(io);
      const out = json?.textIo ?? io;
      const finish = (code: ExitCode) => {
        if (json && options.format === 'junit')
          io.stdout(junitXml('sim check', checkJunitCases(json.document() as unknown as CheckResults)));
        else if (json) io.stdout(jsonDocument(json.document()));
        exit(code);
      };
      const family = await chooseFamily(options.family, options.protocol === undefined ? [] : [options.protocol], io.cwd, (entry) =>
        propertySuite(entry.name),
      );
      const suite = await propertySuite(family.name);
      if (!suite) throw new UsageError(`the ${family.name} family has no properties to check`);
      if (options.list && options.format === 'junit') throw new UsageError('--format junit reports a check run: not with --list.');
      if (options.list && json) {
        const properties = suite.properties.map(({ name, expect, title }) => ({ name, expect, title }));
        io.stdout(jsonDocument({ kind: 'properties', tool: 'cutpoint', family: family.name, properties }));
        return exit(EXIT.ok);
      }
      if (options.list) return exit(list(suite, io));
      if (self.getOptionValueSource('sweepTrials') === 'cli' && !options.report)
        throw new UsageError('--sweep-trials sizes the sweeps of --report: give --report too.');
      const given = Object.fromEntries(
        [...familyOptions.entries()]
          .filter(([, { attribute }]) => typeof options[attribute] === 'string')
          .map(([name, { attribute }]) => [name, options[attribute] as string]),
      );
      for (const name of Object.keys(given))
        if (familyOptions.get(name)?.family !== family.name)
          throw new UsageError(`--${name} belongs to the ${familyOptions.get(name)?.family} family, not ${family.name}`);
      const served = FAMILY_ENTRIES.filter((entry) => entry.checkOverHttp).map((entry) => entry.name);
      if (options.transport === 'http' && !served.includes(family.name))
        throw new UsageError(
          `--transport http: the ${family.name} family's receivers are not served over HTTP yet; the ${served.join(' and ')} families' are`,
        );
      const plan = await checkRequest(
        {
          family,
          suite,
          workers: options.workers ?? options.workersMax,
          store: options.store,
          seed: options.seed ?? randomSeed(),
          protocol: options.protocol,
          familyOptions: given,
          out: options.out,
          cwd: io.cwd,
          absolutePaths: false,
        },
        CHECK_WORDS,
      );
      if (options.transport === 'http') plan.replayOptions.push(['--transport', 'http']);
      const selected = selectProperties(suite, names, options.protocol);
      if (options.protocol !== undefined && names.length === 0)
        plan.leftOut = suite.properties.filter((p) => p.expect === 'hold' && p.needs !== undefined).map((p) => `${p.name} (${p.needs})`);
      if (options.path !== undefined && (options.seed === undefined || selected.length !== 1))
        throw new UsageError('--path replays one run: give exactly one property and its --seed, as printed with the failure.');
      if (options.path !== undefined && (options.shard !== undefined || options.jobs !== undefined))
        throw new UsageError('--path replays one run: it takes neither --shard nor --jobs (a printed replay line needs neither).');
      if (options.shard !== undefined && options.seed === undefined && options.path === undefined)
        throw new UsageError('--shard needs --seed: every shard must cut its chunks from the same printed seed.');
      if (options.shard !== undefined && options.report)
        throw new UsageError('--report measures the sweeps of the whole family: not with --shard (run it in one job).');
      if (options.path !== undefined && options.report)
        throw new UsageError('--report goes with a check run, not with the replay of one run (--path).');
      if (options.report && !(await hasSweeps(family.name)))
        throw new UsageError(`--report draws the sweeps of a family that has them; the ${family.name} family has none`);
      // A user's module would run in this process: the whole check moves into a watched child, which cannot hang us.
      const policy = typeof options['policy'] === 'string' ? options['policy'] : undefined;
      const subject =
        plan.protocol?.file === undefined && policy !== undefined
          ? policySubject(policy)
          : plan.protocol && { name: plan.protocol.protocol.name, file: plan.protocol.file, family: family.name };
      const watchedCode = await inWatchedChild(self, subject, options.lifeTimeoutMs, io);
      if (watchedCode !== undefined) return exit(watchedCode);
      if (options.path !== undefined) {
        const [definition] = selected;
        if (!definition) throw new Error('a replay without its property');
        const folder = openRunFolder(resolve(io.cwd, options.out), io.cwd);
        return finish(ended(await withWire(plan, options.transport, (wired) => replay(wired, definition, options.path!, folder, out))));
      }
      // Both folders are checked before anything runs; a bad one leaves nothing behind.
      const scratch = createScratch(options.scratch ?? defaultScratchParent());
      const removeScratch = () => scratch.remove();
      process.once('exit', removeScratch);
      try {
        const folder = openRunFolder(resolve(io.cwd, options.out), io.cwd);
        finish(
          ended(
            await withWire(plan, options.transport, (wired) =>
              checkAll(wired, selected, { ...options, jobs: options.jobs ?? defaultJobs() }, scratch.path, folder, out),
            ),
          ),
        );
      } finally {
        removeScratch();
        process.removeListener('exit', removeScratch);
      }
    });
}

/** What the check's parsed options say about the chunks it will run beside this process. */
function checksAhead(names: readonly string[], options: CheckOptions): ChecksAhead {
  // A user's module or policy moves the check into a watched child, which runs the chunks; --list and --path run none.
  const watchedElsewhere =
    !isWatched() && ((options.protocol !== undefined && looksLikePath(options.protocol)) || typeof options['policy'] === 'string');
  return {
    jobs: options.jobs ?? defaultJobs(),
    runs: options.runs,
    properties: names.length,
    transport: options.transport,
    chunksHere: !options.list && options.path === undefined && !watchedElsewhere,
  };
}

async function hasSweeps(family: string): Promise<boolean> {
  const { findEntry } = await import('../families/index.js');
  return findEntry(family)?.sweeps !== undefined;
}

function list(suite: AnySuite, io: Io): ExitCode {
  const width = Math.max(...suite.properties.map((p) => p.name.length));
  for (const p of suite.properties) io.stdout(`${p.name.padEnd(width)}  ${p.expect === 'hold' ? 'holds' : 'finds'}  ${p.title}\n`);
  return EXIT.ok;
}
