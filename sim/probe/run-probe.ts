import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/input-error.js';
import { createRunFolder, writeFilesAtomic } from '../results/run-folder.js';
import { NO_FAULTS } from '../transport/http/fault-plan.js';
import { startFaultProxy } from '../transport/http/fault-proxy.js';
import { connectTarget, tryConnect } from '../transport/http/connect-target.js';
import { BATTERY } from './battery.js';
import type { ProbeConfig } from './probe-config.js';
import { ProbeHistory } from './probe-history.js';
import { probeReport } from './probe-report.js';
import { probeTarget, type ClauseResult, type ProbeResults } from './probe-results.js';
import { probeVerdict } from '../results/probe-results.js';
import { ProbeSession, ServiceSilent } from './probe-session.js';
import type { Clause } from './clause.js';
import { httpWire, type ProbeWire } from './probe-wire.js';
import { mcpWire } from './mcp-wire.js';

export interface ProbeRun {
  results: ProbeResults;
  runFolder: string;
  report: string;
}

/**
 * Runs the battery against a live service: checks first that the URL takes
 * connections and the count endpoint counts (bad input otherwise, with
 * nothing but an empty run folder left), then each clause in turn through a
 * fault proxy of the probe's own, and writes history.jsonl, results.json
 * and report.txt into a new run folder.
 */
export async function runProbe(config: ProbeConfig, outDir: string): Promise<ProbeRun> {
  const connection = await tryConnect(connectTarget(config.url), config.timeoutMs);
  if (!connection.accepted) throw new InputError(`nothing answers at ${config.url.origin} (${connection.why})`);
  const runFolder = createRunFolder(outDir);
  const history = new ProbeHistory();
  const proxy = await startFaultProxy(config.url.origin, NO_FAULTS);
  const clauses: ClauseResult[] = [];
  let session: ProbeSession | undefined;
  let wire: ProbeWire | undefined;
  try {
    wire = config.mcpTool ? await mcpWire(config, proxy.url, config.mcpTool) : httpWire(config, proxy.url);
    await runBattery(wire);
  } catch (error) {
    // Nothing was judged: the run folder (ours, still empty) goes, so bad input leaves nothing behind.
    rmSync(runFolder.path, { recursive: true, force: true });
    throw error;
  } finally {
    await wire?.close();
    await proxy.close();
  }

  async function runBattery(wire: ProbeWire): Promise<void> {
    session = new ProbeSession(config, proxy, wire, history, runFolder.runId);
    const preflight = await session.count('preflight', session.freshKey());
    if (preflight.count !== 0)
      throw new InputError(`the count endpoint answers ${preflight.count} for a key never used: it does not count by {key}`);
    for (const clause of BATTERY) {
      const because = clause.notRunBecause(config);
      if (because) {
        clauses.push({ name: clause.name, expected: clause.expected, observed: because, verdict: 'not-run', requests: [] });
        continue;
      }
      if (session.silentAt !== undefined) {
        const observed = `not run: the service stopped answering at #${session.silentAt}`;
        clauses.push({ name: clause.name, expected: clause.expected, observed, verdict: 'not-run', requests: [] });
        continue;
      }
      clauses.push({ name: clause.name, expected: clause.expected, ...(await runClause(clause, session)) });
      if (session.silentAt !== undefined && session.answered === 0) {
        throw new InputError(
          `nothing answered at ${config.url.href} within ${config.timeoutMs} ms: it takes connections but sent no complete reply to a POST (is --url the write endpoint? is --timeout-ms long enough?)`,
        );
      }
    }
  }
  const noResponses = session?.noResponses.list() ?? [];
  const results: ProbeResults = {
    kind: 'probe',
    tool: 'cutpoint',
    runId: runFolder.runId,
    startedAt: runFolder.startedAt,
    target: probeTarget(config),
    proxyUrl: proxy.url,
    clauses: clauses.map(({ name, expected, observed, verdict, requests }) => ({ name, expected, observed, verdict, requests })),
    noResponses,
    passed: probeVerdict(clauses) === 'pass',
    files: { history: 'history.jsonl', report: 'report.txt' },
  };
  const report = probeReport(results);
  writeFilesAtomic([
    { path: join(runFolder.path, 'history.jsonl'), data: history.history.toJsonl() },
    { path: join(runFolder.path, 'report.txt'), data: report },
    { path: join(runFolder.path, 'results.json'), data: JSON.stringify(results, null, 2) + '\n' },
  ]);
  return { results, runFolder: runFolder.path, report };
}

/** A clause's verdict; one the service's silence stopped half way fails, citing the request that got no reply. */
async function runClause(clause: Clause, session: ProbeSession): Promise<Omit<ClauseResult, 'name' | 'expected'>> {
  try {
    const outcome = await clause.run(session);
    return { observed: outcome.observed, requests: outcome.requests, verdict: outcome.pass ? 'pass' : 'fail' };
  } catch (error) {
    if (!(error instanceof ServiceSilent)) throw error;
    return { observed: `stopped: no response (timeout) to #${error.request}`, verdict: 'fail', requests: [error.request] };
  }
}
