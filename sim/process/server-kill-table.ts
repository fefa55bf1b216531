import { caseFiles, ORCHESTRATOR } from '../engine/case-files.js';
import { MemoryMedium } from '../engine/connections.js';
import type { FamilyProtocol } from '../engine/family.js';
import { CASE_LIVES_MAX, caseError, runCase, type AnyFamily, type CaseResult, type CaseSpec } from '../engine/run-case.js';
import { runFamily } from '../engine/run-family.js';
import type { ExpectedTable } from '../table/run-table.js';
import { remoteReceiverClients } from '../transport/http/remote-receiver-client.js';
import { startCaseServers, type CaseServers } from './case-servers.js';
import { serverRecordsOf, type ServerRecord } from './kill-case.js';

/** The one column of `--crash-mode server-kill`. */
export const SERVER_KILLED = {
  name: 'server-killed',
  meaning: "the receiver's server process SIGKILLed itself after its first commit, before its reply; restarted on the same file",
};

export type ServerKillCaseResult = CaseResult & { servers: ServerRecord[] };

/**
 * `sim table --transport http --crash-mode server-kill`: the family with one
 * column, the server's crash. The client does not crash: it lives in this
 * process and sees its first call end without an answer (502 from the
 * proxy, outcome unknown); the server, killed between its commit and its
 * reply, is restarted on the same file before that answer is given, so the
 * client's retry meets a live server that either holds the receipt
 * (atomic-receipt replays: N=1) or does not (no receipt: N=2).
 */
export function serverKillFamily(family: AnyFamily): AnyFamily {
  return { ...family, cuts: [SERVER_KILLED] };
}

/**
 * What each cell must be, from the client's side of the wire: the same
 * protocol in process, with the reply of its first call dropped after the
 * receiver committed. A server that dies between commit and reply is, to
 * its client, exactly that.
 */
export async function serverKillExpectations(family: AnyFamily, protocols: readonly FamilyProtocol[]): Promise<ExpectedTable> {
  const rows = await Promise.all(
    protocols.map(async (protocol) => {
      const outcome = await runFamily(family, {
        protocol,
        workload: family.tableWorkload,
        folder: `server-kill-expectation/${protocol.name}`,
        medium: new MemoryMedium(),
        plan: [],
        livesMax: CASE_LIVES_MAX,
        faults: { unavailable: [], dropReplies: [1] },
      });
      return [protocol.name, [outcome.effects[family.tableIntention] ?? 0]] as const;
    }),
  );
  return Object.fromEntries(rows);
}

/** The case runner: servers of its own for the case (the first one dies after its first commit), the client here, over HTTP. */
export async function runServerKillCase(spec: CaseSpec): Promise<ServerKillCaseResult> {
  const { stores } = caseFiles(spec.folder, [ORCHESTRATOR, ...spec.family.receivers.map((receiver) => receiver.name)]);
  // Started at the first call, once the case has made its stores fresh: the servers open those very files.
  let servers: Promise<CaseServers> | undefined;
  const started = () => (servers ??= startCaseServers(spec.family, spec.protocol, stores, { killAfterCommit: 1 }));
  const { cut, ...rest } = spec;
  const result = await runCase({
    ...rest,
    cut: null,
    clientFactory: (binding, side, life, worker, transport) => ({
      send: async (request) => remoteReceiverClients((await started()).urls)(binding, side, life, worker, transport).send(request),
    }),
  }).finally(async () => (await servers)?.stop());
  const records = servers ? serverRecordsOf(await servers) : [];
  // The fault fired when a server died by the SIGKILL it sent itself and a successor served the rest of the case.
  const fired = records.some((record) => record.deaths.some((death) => death.signal === 'SIGKILL') && record.started === 2);
  const judged: ServerKillCaseResult = { ...result, cut, cutFired: fired, servers: records };
  delete judged.error;
  const error = caseError(judged);
  if (error) judged.error = error;
  return judged;
}
