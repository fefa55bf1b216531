import { randomInt } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { DEFAULT_BOUNDS, WORKERS_LIMIT, type TrialBounds } from '../../scenarios/reservation/properties/arbitraries.js';
import {
  checkProperty,
  replayProperty,
  type PropertyResult,
  type StoreKind,
} from '../../scenarios/reservation/properties/check-property.js';
import { findProperty, PROPERTY_DEFINITIONS, propertyNames } from '../../scenarios/reservation/properties/definitions.js';
import type { PropertyDefinition } from '../../scenarios/reservation/properties/property.js';
import { summaryLine, trialText } from '../../reports/property-summary.js';
import { timeline } from '../../reports/timeline.js';
import type { CheckResults, StoredProperty } from '../results/check-results.js';
import { createRunFolder, displayPath, writeJsonAtomic, type RunFolder } from '../results/run-folder.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { resolveProtocols } from './load-protocol.js';
import { registerProtocol } from '../../protocols/reservation/registry.js';
import type { Protocol } from '../../protocols/reservation/types.js';
import type { AnyFamily } from '../engine/run-case.js';
import { reservationFamily } from '../reservation/family.js';
import { positiveInt, protocolName, replayPath, seedValue, storeKind } from './options.js';
import { Progress } from './progress.js';
import { createScratch, defaultScratchParent } from './scratch.js';
import { measureSweeps } from './sweep-reports.js';
import { planCheckCommand } from './plan-check-command.js';
import { counted } from '../../reports/plural.js';
import { jsonFromRunFolder } from './json-from-run-folder.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';
import { simCommandLine } from './shell-quote.js';

interface CheckOptions {
  runs: number;
  seed?: number;
  path?: string;
  workers: number;
  workersMax?: number;
  store: StoreKind;
  scratch?: string;
  out: string;
  list?: boolean;
  /** As given: a built-in name or a path to the user's module. */
  protocol?: string;
  report?: boolean;
  sweepTrials: number;
  family?: string;
  format: 'text' | 'json';
}

const CHECK_FORMATS = ['text', 'json'] as const;

/**
 * The line that replays one run, pasteable as printed: every option that
 * changes the run (the workers bound, the store, the protocol as the user gave
 * it) and where its files go (--out), each word quoted for the shell.
 */
export function replayCommand(
  name: string,
  seed: number,
  path: string,
  bounds: TrialBounds,
  where: { out: string; store: StoreKind },
  protocol?: string,
): string {
  return simCommandLine([
    'check',
    name,
    '--seed',
    String(seed),
    '--path',
    path,
    '--workers',
    String(bounds.workersMax),
    '--store',
    where.store,
    '--out',
    where.out,
    ...(protocol ? ['--protocol', protocol] : []),
  ]);
}

export function registerCheck(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('check')
    .description('run fast-check properties over generated schedules: crashes, lost replies, unavailability, concurrent relays')
    .argument('[property...]', 'properties to run (default: all); see --list')
    .option('-n, --runs <n>', 'generated runs per property', positiveInt('runs'), 200)
    .option('-s, --seed <seed>', 'fast-check seed (default: random, printed first)', seedValue)
    .option('--path <path>', 'replay the one run at this path (with --seed and one property), keeping its files', replayPath)
    .option(
      '-w, --workers <w>',
      `relay workers: a generated run has from 1 up to this many (1-${WORKERS_LIMIT}); the same option as in explore and stress`,
      positiveInt('workers', WORKERS_LIMIT),
      DEFAULT_BOUNDS.workersMax,
    )
    // The name of session 1, kept so that printed replay lines and scripts still work.
    .addOption(new Option('--workers-max <w>').hideHelp().argParser(positiveInt('workers-max', WORKERS_LIMIT)))
    .option(
      '--store <kind>',
      'file: fresh SQLite files per run in the scratch folder; memory: in-memory databases (faster)',
      storeKind,
      'file',
    )
    .option('--scratch <dir>', 'parent of the scratch folder for file-backed runs (default: /dev/shm when present, else the temp folder)')
    .option('-o, --out <dir>', 'parent folder of run folders (failing and replayed runs are kept there)', 'runs')
    .option('--list', 'list the properties and exit')
    .option('--family <name>', 'the family of side effects: reservation (default) or plan (handover: `sim handover check`)')
    .option(
      '-p, --protocol <name>',
      'check this protocol (a built-in name or a path to your module) with the properties that must hold',
      (v: string) => protocolName(v)[0] ?? v,
    )
    .option(
      '--report',
      'then measure the retention and concurrency sweeps: sweeps.json, retention-sweep.png and concurrency-sweep.png in the run folder',
    )
    .option('--sweep-trials <k>', 'generated trials per sweep point, with --report', positiveInt('sweep-trials', 100_000), 100)
    .option('-f, --format <format>', formatHelp(CHECK_FORMATS), formatOption(CHECK_FORMATS), 'text')
    .addHelpText(
      'after',
      '\nRefused (exit 2): --path without --seed and exactly one property, or with --report; --sweep-trials without\n' +
        '--report; a negative control with --protocol.',
    )
    .addHelpText('after', '\nExit codes: 0 every property held and every negative control found its bug; 1 one did not; 2 bad input.')
    .action(async (names: string[], options: CheckOptions, command: Command) => {
      // With --format json the text goes to stderr and the run's results.json is the one document on stdout.
      const json = options.format === 'json' ? jsonFromRunFolder(io) : undefined;
      const finish = (code: ExitCode) => {
        if (json) io.stdout(jsonDocument(json.document()));
        exit(code);
      };
      if (options.family === 'plan') return finish(await planCheckCommand(names, options, json?.textIo ?? io));
      if (options.family === 'handover')
        throw new UsageError(
          "the handover family's properties run with `sim handover check` (same options); sim check --family handover is not wired yet",
        );
      if (options.family !== undefined && options.family !== 'reservation')
        throw new UsageError(`unknown family '${options.family}': reservation, plan or handover`);
      if (command.getOptionValueSource('sweepTrials') === 'cli' && !options.report) {
        throw new UsageError('--sweep-trials sizes the sweeps of --report: give --report too.');
      }
      if (options.list && json) {
        io.stdout(
          jsonDocument({
            kind: 'properties',
            tool: 'cutpoint',
            properties: PROPERTY_DEFINITIONS.map(({ name, expect, title }) => ({ name, expect, title })),
          }),
        );
        return exit(EXIT.ok);
      }
      if (options.list) {
        const width = Math.max(...propertyNames().map((name) => name.length));
        for (const p of PROPERTY_DEFINITIONS)
          io.stdout(`${p.name.padEnd(width)}  ${p.expect === 'hold' ? 'holds' : 'finds'}  ${p.title}\n`);
        return exit(EXIT.ok);
      }
      // The protocol under check, loaded (and registered by name, for the trials to find) when it is the user's file.
      const subject = options.protocol === undefined ? undefined : await checkedProtocol(options.protocol, io.cwd);
      const selected = selectProperties(names, options.protocol);
      if (options.path !== undefined && (options.seed === undefined || selected.length !== 1)) {
        throw new UsageError('--path replays one run: give exactly one property and its --seed, as printed with the failure.');
      }
      if (options.path !== undefined && options.report)
        throw new UsageError('--report goes with a check run, not with the replay of one run (--path).');
      const bounds: TrialBounds = { ...DEFAULT_BOUNDS, workersMax: options.workersMax ?? options.workers };
      const seed = options.seed ?? randomInt(0, 2 ** 31);
      if (options.path !== undefined) {
        const folder = createRunFolder(resolve(io.cwd, options.out));
        return finish(
          await replay(
            selected[0] as PropertyDefinition,
            { seed, path: options.path, bounds, subject, store: options.store },
            folder,
            json?.textIo ?? io,
          ),
        );
      }
      // Both folders are checked before anything runs; a bad one leaves nothing behind.
      const scratch = createScratch(options.scratch ?? defaultScratchParent());
      const removeScratch = () => scratch.remove();
      process.once('exit', removeScratch);
      try {
        const folder = createRunFolder(resolve(io.cwd, options.out));
        finish(await checkAll(selected, { ...options, seed, bounds, subject }, scratch.path, folder, json?.textIo ?? io));
      } finally {
        removeScratch();
        process.removeListener('exit', removeScratch);
      }
    });
}

/** The named properties, or all; with --protocol, only those that must hold (a control checks its own flawed protocol). */
function selectProperties(names: string[], protocol: string | undefined): PropertyDefinition[] {
  if (names.length === 0) return PROPERTY_DEFINITIONS.filter((p) => protocol === undefined || p.expect === 'hold');
  return names.map((name) => {
    const found = findProperty(name);
    if (!found) throw new UsageError(`unknown property '${name}'; valid: ${propertyNames().join(', ')}.`);
    if (protocol !== undefined && found.expect === 'find') {
      throw new UsageError(`${name} is a negative control on its own flawed protocol; --protocol goes with the properties that must hold.`);
    }
    return found;
  });
}

/** The protocol given with --protocol: as the user wrote it (for replay commands) and its name. */
interface Subject {
  as: string;
  name: string;
}

async function replay(
  definition: PropertyDefinition,
  {
    seed,
    path,
    bounds,
    subject,
    store,
  }: { seed: number; path: string; bounds: TrialBounds; subject: Subject | undefined; store: StoreKind },
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  const checked = subject ? `, protocol ${subject.name}` : '';
  io.stdout(`sim check: replaying ${definition.name}${checked}, seed ${seed}, path ${path}, workers <= ${bounds.workersMax}\n\n`);
  const kept = join(folder.path, definition.name);
  const replayed = await replayProperty(definition, {
    seed,
    path,
    bounds,
    folder: kept,
    ...(subject ? { protocol: subject.name } : {}),
  }).catch(
    // fast-check refuses a path that walks past the shrinks it can make: the user's path does not fit this seed.
    (error: unknown) => {
      if (error instanceof Error && error.message.startsWith('Unable to replay')) return undefined;
      throw error;
    },
  );
  if (!replayed) throw new UsageError(`seed ${seed} and path ${path} name no run of ${definition.name}`);
  io.stdout(`${trialText(replayed.trial)}\n\ntimeline (virtual ms, worker, event):\n${timeline(replayed.events)}\n`);
  const violated = replayed.violation !== undefined;
  io.stdout(violated ? `violation: ${replayed.violation?.kind}: ${replayed.violation?.message}\n` : 'no violation in this run\n');
  io.stdout(`kept: ${displayPath(kept, io.cwd)} (orchestrator.db, warehouse.db, history.jsonl)\n`);
  const passed = definition.expect === 'hold' ? !violated : violated;
  // The replay's own results.json, so that --format json (and a script) reads it as any run's.
  writeJsonAtomic(join(folder.path, 'results.json'), {
    kind: 'check-replay',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    property: definition.name,
    ...(subject ? { protocol: subject.name } : {}),
    seed,
    path,
    bounds,
    store,
    violation: replayed.violation ?? null,
    verdict: passed ? 'pass' : 'fail',
    kept: displayPath(kept, io.cwd),
  });
  io.stdout(`run folder: ${displayPath(folder.path, io.cwd)}\n`);
  return passed ? EXIT.ok : EXIT.checkFailed;
}

async function checkAll(
  selected: PropertyDefinition[],
  options: CheckOptions & { seed: number; bounds: TrialBounds; subject: Subject | undefined },
  scratch: string,
  folder: RunFolder,
  io: Io,
): Promise<ExitCode> {
  const where =
    options.store === 'file' ? `fresh SQLite files per run in ${scratch}` : 'in-memory databases (no files; faster, not file-backed)';
  io.stdout(
    `sim check: ${counted(selected.length, 'property', 'properties')}${options.subject ? ` on protocol ${options.subject.name}` : ''}, ${options.runs} runs each, seed ${options.seed}, workers <= ${options.bounds.workersMax}, store ${options.store}: ${where}\n\n`,
  );
  const width = Math.max(...selected.map((p) => p.name.length));
  const stored: StoredProperty[] = [];
  for (const definition of selected) {
    const progress = new Progress(io, definition.name, options.runs, 'runs');
    const result = await checkProperty(definition, {
      runs: options.runs,
      seed: options.seed,
      bounds: options.bounds,
      store: options.store,
      scratch,
      ...(options.subject ? { protocol: options.subject.name } : {}),
      onRun: ({ executed, failing }) => progress.update(Math.min(executed, options.runs), failing ? '(shrinking)' : ''),
    });
    progress.done();
    stored.push(await keepCounterexample(definition, result, options, folder, io, width));
  }
  const verdict = stored.every((p) => p.passed) ? 'pass' : 'fail';
  const results: CheckResults = {
    kind: 'check',
    tool: 'cutpoint',
    runId: folder.runId,
    startedAt: folder.startedAt,
    seed: options.seed,
    runs: options.runs,
    bounds: options.bounds,
    store: options.store,
    properties: stored,
    verdict,
  };
  writeJsonAtomic(join(folder.path, 'results.json'), results);
  // The sweeps are measurements drawn as charts, not checks: they never change the exit code.
  if (options.report) await measureSweeps(folder, { seed: options.seed, trialsPerPoint: options.sweepTrials }, io);
  const passed = stored.filter((p) => p.passed).length;
  io.stdout(`\n${passed}/${stored.length} properties passed (seed ${options.seed}).\nrun folder: ${displayPath(folder.path, io.cwd)}\n`);
  return verdict === 'pass' ? EXIT.ok : EXIT.checkFailed;
}

/** Prints a property's line; for a counterexample, replays it into the run folder so its files are kept. */
async function keepCounterexample(
  definition: PropertyDefinition,
  result: PropertyResult,
  options: { seed: number; bounds: TrialBounds; subject: Subject | undefined; out: string; store: StoreKind },
  folder: RunFolder,
  io: Io,
  width: number,
): Promise<StoredProperty> {
  io.stdout(summaryLine(result, width) + '\n');
  const ce = result.counterexample;
  if (!ce) return result;
  const kept = join(folder.path, definition.name);
  const command = replayCommand(definition.name, options.seed, ce.path, options.bounds, options, options.subject?.as);
  const protocol = options.subject ? { protocol: options.subject.name } : {};
  const replayed = await replayProperty(definition, {
    seed: options.seed,
    path: ce.path,
    bounds: options.bounds,
    folder: kept,
    ...protocol,
  });
  io.stdout(`    replay: ${command}\n    kept:   ${displayPath(kept, io.cwd)}\n`);
  if (!result.passed && replayed) {
    const indented = (text: string) => text.trimEnd().replace(/^/gm, '    ');
    io.stdout(`${indented(trialText(replayed.trial))}\n    timeline:\n${indented(timeline(replayed.events))}\n`);
  }
  return { ...result, replay: { command, folder: kept } };
}

/** Resolves the protocol `sim check --protocol` names, as a reservation protocol the trials find by name. */
async function checkedProtocol(value: string, cwd: string): Promise<{ as: string; name: string }> {
  const {
    protocols: [protocol],
    files,
  } = await resolveProtocols(reservationFamily, [value], cwd);
  if (!protocol) throw new UsageError('--protocol names no protocol');
  registerProtocol(protocol as Protocol, files.get(protocol.name));
  return { as: value, name: protocol.name };
}
