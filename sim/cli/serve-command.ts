import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { takeOverSignals } from '../process/interrupt.js';
import { findServableReceiver, servableReceivers } from '../transport/http/receiver-catalogue.js';
import { startReceiverServer, type RunningServer } from '../transport/http/receiver-server.js';
import { killAtNthCommit } from '../transport/http/kill-at-commit.js';
import { wallClockMs } from '../transport/http/wall-clock.js';
import { BODY_BYTES_MAX, HEADERS } from '../transport/http/wire.js';
import { EXIT, UsageError, type ExitCode } from './errors.js';
import type { Io } from './io.js';
import { headerName, rangeText, wholeNumber } from './options.js';
import { KILL_AFTER_COMMIT_MAX, PORT_MAX, RETENTION_MS_MAX } from '../engine/limits.js';
import { formatHelp, formatOption } from './output-format.js';

const SERVE_FORMATS = ['text', 'json'] as const;

interface ServeOptions {
  receiver: string;
  contract: string;
  db: string;
  port: number;
  retentionMs?: number;
  closedWindow?: boolean;
  tenantHeader: string;
  requireKey: boolean;
  mcp?: boolean;
  killAfterCommit?: number;
  format: 'text' | 'json';
}

/** Resolves on the first SIGINT or SIGTERM, with its name; the handlers go with it, and the shared one comes back. */
function nextStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const giveBack = takeOverSignals();
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      giveBack();
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export function registerServe(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  const receivers = servableReceivers().map((servable) => servable.receiver.name);
  program
    .command('serve')
    .description('run a receiver as a real HTTP server on 127.0.0.1 in front of its SQLite file (the IETF Idempotency-Key draft)')
    .requiredOption('--receiver <name>', `the receiver: ${receivers.join(', ')}`)
    .requiredOption('--contract <name>', 'the contract it applies (see the list below)')
    .requiredOption('--db <file>', "the receiver's SQLite file; created when absent, reused as it is otherwise")
    .option('--port <port>', `port on 127.0.0.1 ${rangeText(0, PORT_MAX)}; 0 picks a free one`, wholeNumber('port', 0, PORT_MAX), 0)
    .option(
      '--retention-ms <ms>',
      `keep receipts this long (real ms) ${rangeText(1, RETENTION_MS_MAX)}; default forever`,
      wholeNumber('retention', 1, RETENTION_MS_MAX),
    )
    .option('--closed-window', 'refuse (410) a request issued before now - retention')
    .option('--tenant-header <name>', 'the header naming the tenant', headerName, HEADERS.tenant)
    .option('--no-require-key', 'apply writes without an Idempotency-Key instead of refusing them (400)')
    .option(
      '--kill-after-commit <n>',
      `fault injection: SIGKILL this server at its nth write ${rangeText(1, KILL_AFTER_COMMIT_MAX)}, after the commit and before the reply (recover by serving the same file again)`,
      wholeNumber('kill-after-commit', 1, KILL_AFTER_COMMIT_MAX),
    )
    .option(
      '--mcp',
      `serve it as an MCP server instead (Streamable HTTP at POST /mcp, the key in each write tool's arguments): the warehouse's one write tool is named after its kind, the tool server's are its tools (${(findServableReceiver('tool-server')?.tools ?? []).join(', ')})`,
    )
    .option('-f, --format <format>', formatHelp(SERVE_FORMATS), formatOption(SERVE_FORMATS), 'text')
    .addHelpText(
      'after',
      [
        '',
        'Prints the chosen port on stdout (one line; with --format json one JSON line: port, url, receiver, contract, mcp), then serves until Ctrl-C or SIGTERM closes it.',
        `  POST /<kind>   JSON body (at most ${BODY_BYTES_MAX} bytes), Idempotency-Key header, tenant header, each once`,
        `                 (<kind>: ${servableReceivers()
          .map((s) => `${s.receiver.name} ${s.tools ? 'its tool' : s.kind}`)
          .join(', ')})`,
        '  GET  /effects?tenant=T&key=K   {"count": n}: the effects the file holds for that key (tenant required once',
        '                 the key has effects under a named tenant)',
        'Any other path, as sent (no dot segments or escapes resolved), is 404 and applies nothing.',
        `Contracts: ${servableReceivers()
          .map((s) => `${s.receiver.name}: ${s.contracts.map((c) => c.name).join(', ')}`)
          .join('; ')}.`,
        'Exit codes: 0 closed cleanly; 2 bad input (unknown receiver or contract, a folder that does not exist, a port in use).',
      ].join('\n'),
    )
    .action(async (options: ServeOptions, command: Command) => {
      const servable = findServableReceiver(options.receiver);
      if (!servable) throw new UsageError(`unknown receiver '${options.receiver}'; valid: ${receivers.join(', ')}`);
      const contract = servable.contracts.find((c) => c.name === options.contract);
      if (!contract) {
        throw new UsageError(
          `unknown contract '${options.contract}' for ${options.receiver}; valid: ${servable.contracts.map((c) => c.name).join(', ')}`,
        );
      }
      if (options.closedWindow && options.retentionMs === undefined) throw new UsageError('--closed-window needs --retention-ms');
      if (options.mcp) {
        // Over MCP the key and the tenant are tool arguments, and a call without a key is refused by the tool's schema.
        const httpOnly = (['tenantHeader', 'requireKey'] as const).filter((name) => command.getOptionValueSource(name) === 'cli');
        if (httpOnly.length) {
          const given = httpOnly.map((name) => (name === 'tenantHeader' ? '--tenant-header' : '--no-require-key')).join(' and ');
          throw new UsageError(
            `${given} ${httpOnly.length > 1 ? 'belong' : 'belongs'} to HTTP: over --mcp the key and the tenant are arguments of the write tool`,
          );
        }
      }
      const dbPath = resolve(io.cwd, options.db);
      if (!existsSync(dirname(dbPath)) || !statSync(dirname(dbPath)).isDirectory())
        throw new UsageError(`the folder of --db ${options.db} does not exist`);
      if (existsSync(dbPath) && !statSync(dbPath).isFile()) {
        const what = statSync(dbPath).isDirectory() ? 'a folder' : 'not a regular file (a named pipe, a device or a socket)';
        throw new UsageError(`--db ${options.db} is ${what}: give the receiver's SQLite file (created when absent)`);
      }
      const core = {
        dbPath,
        servable,
        contract,
        settings: { retentionMs: options.retentionMs ?? null, closedWindow: Boolean(options.closedWindow) },
        // Real time is the point: this server faces real clients, and its receipts age on the wall clock.
        nowMs: wallClockMs,
        ...(options.killAfterCommit ? { cut: killAtNthCommit(servable.receiver.appliedCut, options.killAfterCommit) } : {}),
      };
      let server: RunningServer;
      try {
        server = options.mcp
          ? // The MCP SDK loads only for --mcp: it costs every other command about half a second at startup.
            await (await import('../transport/mcp/mcp-receiver-server.js')).startMcpReceiverServer(core, options.port)
          : await startReceiverServer({ ...core, tenantHeader: options.tenantHeader, requireKey: options.requireKey }, options.port);
      } catch (error) {
        throw new UsageError(`cannot serve ${options.db} on port ${options.port}: ${serveFailure(error)}`);
      }
      const stopped = nextStopSignal();
      // The startup line is what a script waits for: the port alone, or one JSON document on one line.
      io.stdout(
        options.format === 'json'
          ? `${JSON.stringify({ kind: 'serve', tool: 'cutpoint', port: server.port, url: server.url, receiver: options.receiver, contract: contract.name, mcp: Boolean(options.mcp) })}\n`
          : `${server.port}\n`,
      );
      const tools = (servable.tools ?? [servable.kind]).map((tool) => `'${tool}'`).join(', ');
      const where = options.mcp
        ? `MCP at ${server.url}/mcp, ${servable.tools ? 'tools' : 'tool'} ${tools}`
        : `${server.url}/${servable.kind}`;
      io.stderr(`sim serve: ${options.receiver} (${contract.name}) on ${where}, file ${options.db}; Ctrl-C to stop\n`);
      const signal = await stopped;
      await server.close();
      io.stderr(`sim serve: closed on ${signal}\n`);
      exit(EXIT.ok);
    });
}

/**
 * Why the server could not start, as a sentence: SQLite's own message for its
 * file ("file is not a database"), the socket's code otherwise (EADDRINUSE).
 */
function serveFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return `${message} (${code})`;
  return code ?? message;
}
