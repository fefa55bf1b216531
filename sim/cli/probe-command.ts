import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { JsonValue } from '../engine/history.js';
import { displayPath } from '../results/run-folder.js';
import { FAULT_HEADER } from '../transport/http/fault-plan.js';
import type { ProbeConfig } from '../probe/probe-config.js';
import { UsageError, type ExitCode } from './errors.js';
import { exitForVerdict } from './verdict-exit.js';
import { probeVerdict } from '../results/probe-results.js';
import { httpUrl } from './http-url.js';
import type { Io } from './io.js';
import { headerName, rangeText, wholeNumber } from './options.js';
import { PROBE_CONCURRENCY_MAX, PROBE_TIMEOUT_MS_MAX, PROBE_TIMEOUT_MS_MIN } from '../engine/limits.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

const PROBE_FORMATS = ['text', 'json', 'junit'] as const;

interface ProbeOptions {
  url: string;
  body: string;
  countUrl: string;
  tenantHeader?: string;
  keyHeader: string;
  concurrency: number;
  requireKey?: boolean;
  timeoutMs: number;
  format: (typeof PROBE_FORMATS)[number];
  out: string;
  mcp?: boolean;
  tool?: string;
  keyArg: string;
  tenantArg?: string;
}

/** Headers the probe or its proxy set or strip themselves: a key or tenant sent in one of them would never arrive as given. */
const HEADERS_TAKEN = new Set([
  'content-type',
  'content-length',
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  FAULT_HEADER,
]);

/** Where the key and tenant go: headers over HTTP, tool arguments over MCP. */
function fields(options: ProbeOptions): Pick<ProbeConfig, 'keyField' | 'tenantField' | 'mcpTool'> {
  if (!options.mcp) {
    if (options.tool || options.tenantArg) throw new UsageError('--tool and --tenant-arg belong to --mcp');
    for (const [option, name] of [
      ['--key-header', options.keyHeader],
      ['--tenant-header', options.tenantHeader],
    ] as const) {
      if (name && HEADERS_TAKEN.has(name.toLowerCase()))
        throw new UsageError(`${option} ${name} is a header the probe or its proxy sets itself: name another`);
    }
    if (options.tenantHeader?.toLowerCase() === options.keyHeader.toLowerCase())
      throw new UsageError(`--tenant-header and --key-header are both ${options.keyHeader}: the key and the tenant need a header each`);
    return { keyField: options.keyHeader, ...(options.tenantHeader ? { tenantField: options.tenantHeader } : {}) };
  }
  if (!options.tool) throw new UsageError('--mcp needs --tool NAME: the write tool to probe');
  if (options.tenantHeader) throw new UsageError('over --mcp the tenant is a tool argument: use --tenant-arg, not --tenant-header');
  return { keyField: options.keyArg, ...(options.tenantArg ? { tenantField: options.tenantArg } : {}), mcpTool: options.tool };
}

/** The options as a ProbeConfig, or the one sentence that says what to change. */
function probeConfig(options: ProbeOptions): ProbeConfig {
  const url = httpUrl('--url', options.url);
  let body: JsonValue;
  try {
    body = JSON.parse(options.body) as JsonValue;
  } catch {
    throw new UsageError(`--body is not JSON: ${options.body}`);
  }
  // The payload-mismatch clause changes one field at a time, and an MCP tool's arguments are an object: a bare value has no fields.
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new UsageError(`--body must be a JSON object, e.g. '{"part":"p7","qty":1}'; got ${options.body}`);
  if (!options.countUrl.includes('{key}'))
    throw new UsageError(`--count-url must contain {key}, e.g. 'http://127.0.0.1:3000/effects?key={key}'`);
  if (options.countUrl.includes('{tenant}') && !options.tenantHeader && !options.tenantArg) {
    throw new UsageError(`--count-url names {tenant}, which needs ${options.mcp ? '--tenant-arg' : '--tenant-header'}`);
  }
  httpUrl('--count-url', options.countUrl.replaceAll('{key}', 'k').replaceAll('{tenant}', 't'));
  return {
    url,
    bodyText: options.body,
    body,
    countUrl: options.countUrl,
    ...fields(options),
    concurrency: options.concurrency,
    requireKey: Boolean(options.requireKey),
    timeoutMs: options.timeoutMs,
  };
}

export function registerProbe(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('probe')
    .description(
      "judge whether your running service's write endpoint is safe to retry: a battery of keyed requests through a fault proxy, effects counted by your count endpoint",
    )
    .requiredOption('--url <url>', 'the write endpoint (POST), e.g. http://127.0.0.1:3000/reservations')
    .requiredOption('--body <json>', 'the body of every write, a JSON object, e.g. \'{"part":"p7","qty":1}\'')
    .requiredOption('--count-url <template>', 'GET answering {"count": n} for a key: {key} (and {tenant}) are filled in')
    .option('--tenant-header <name>', 'the header naming the tenant; enables the tenant clause', headerName)
    .option('--key-header <name>', 'the header carrying the idempotency key', headerName, 'Idempotency-Key')
    .option(
      '--concurrency <n>',
      `requests with one key sent at once ${rangeText(2, PROBE_CONCURRENCY_MAX)}`,
      wholeNumber('concurrency', 2, PROBE_CONCURRENCY_MAX),
      8,
    )
    .option('--require-key', 'a write without a key must be refused (4xx)')
    .option(
      '--timeout-ms <ms>',
      `bound on each request; a later reply counts as lost ${rangeText(PROBE_TIMEOUT_MS_MIN, PROBE_TIMEOUT_MS_MAX)}`,
      wholeNumber('timeout', PROBE_TIMEOUT_MS_MIN, PROBE_TIMEOUT_MS_MAX),
      5_000,
    )
    .option('-f, --format <format>', formatHelp(PROBE_FORMATS), formatOption(PROBE_FORMATS), 'text')
    .option('-o, --out <dir>', 'parent folder of run folders', 'runs')
    .option('--mcp', "probe an MCP server's write tool instead: --url is its Streamable HTTP endpoint, --body the tool's other arguments")
    .option('--tool <name>', 'with --mcp: the write tool to call')
    .option('--key-arg <name>', 'with --mcp: the argument carrying the idempotency key', 'idempotency_key')
    .option('--tenant-arg <name>', 'with --mcp: the argument naming the tenant; enables the tenant clause')
    .addHelpText(
      'after',
      [
        '',
        'Clauses: distinct keys give distinct effects; a sequential retry replays (same status, same body, count 1);',
        'the same key with another body is refused (4xx, count unchanged), one changed field at a time; K concurrent',
        'requests with one key leave count 1 (the others replay or get 409); a reply dropped after the service answered,',
        'then a retry, leaves count 1; one key under two tenants gives two effects; a missing key is refused (--require-key).',
        'Every key is fresh (probe-<run id>-<n>). The run folder holds history.jsonl (every request and response),',
        'results.json and report.txt.',
        'Exit codes: 0 every clause that ran passed; 1 a clause failed (a service that stops answering half way fails',
        'the clause it stopped); 2 bad input (a URL nothing answers at, or whose service sends no complete reply to its',
        'first write within --timeout-ms; a count endpoint that does not answer JSON with a numeric count).',
      ].join('\n'),
    )
    .action(async (options: ProbeOptions) => {
      const config = probeConfig(options);
      // The probe (and the MCP SDK behind --mcp) loads when a probe runs, not at every command's startup.
      const { runProbe } = await import('../probe/run-probe.js');
      const { results, report, runFolder } = await runProbe(config, resolve(io.cwd, options.out));
      if (options.format === 'json') io.stdout(jsonDocument({ ...results, runFolder: displayPath(runFolder, io.cwd) }));
      else if (options.format === 'junit') {
        const [{ junitXml }, { probeJunitCases }] = await Promise.all([import('../results/junit.js'), import('../results/probe-junit.js')]);
        io.stdout(junitXml('sim probe', probeJunitCases(results)));
      } else io.stdout(`${report}run folder: ${displayPath(runFolder, io.cwd)}\n`);
      exit(exitForVerdict(probeVerdict(results.clauses)));
    });
}
