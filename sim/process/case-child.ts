import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { FileMedium, MemoryMedium } from '../engine/connections.js';
import { createScratch, defaultScratchParent } from './scratch.js';
import { History } from '../engine/history.js';
import { runCase, type CaseResult } from '../engine/run-case.js';
import { loadFamily } from '../families/index.js';
import { protocolFromFile } from '../engine/protocol-file.js';
import { startHttpTransport } from '../transport/http/http-transport.js';
import { dieWithParent } from './children.js';
import { DurableHistory } from './durable-history.js';
import { firstDifference, type CaseChildSpec, type CaseChildEnd } from './case-child-spec.js';

/**
 * An isolated case: one whole case of a user's protocol (every life,
 * crashes in-process) in a child process of its own, so nothing the
 * protocol does can stop, hang or corrupt the harness. Each life imports a
 * fresh instance of the module. The child records every event durably (the
 * parent's watchdog names the last cut of a life that never ends), writes
 * its result to a file (stdout is the protocol's), and exits 0. A protocol
 * that calls process.exit is reported by the exit handler below.
 */
dieWithParent();
const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as CaseChildSpec;
const family = await loadFamily(spec.family);
if (!family) {
  process.stderr.write(`unknown family '${spec.family}'\n`);
  process.exit(1);
}
let finished = false;
process.on('exit', (code) => {
  if (!finished) writeFileSync(spec.endFile, JSON.stringify({ ended: 'exit-called', code } satisfies CaseChildEnd));
});

const protocol = await protocolFromFile(family, spec.protocolFile, spec.protocolFile, `${spec.folder}#load`);
const eventsFd = openSync(spec.eventsFile, 'a');
// Over HTTP the case's server runs here, in the case's own process, as it runs in the table's for a built-in protocol.
const http = spec.transport === 'http' ? await startHttpTransport() : undefined;
const base = {
  family,
  protocol,
  protocolFile: spec.protocolFile,
  ...(spec.workload !== undefined ? { workload: family.workloadFromJson(spec.workload) } : {}),
  cut: spec.cut,
  ...(spec.discoverBoundaries ? { discoverBoundaries: true } : {}),
  ...(http ? { clientFactory: http.clientFactory } : {}),
};
const result = await runCase({ ...base, folder: spec.folder, history: new DurableHistory(eventsFd) });
closeSync(eventsFd);
let ended: CaseChildEnd = { ended: 'completed', result };
if (spec.checkDeterminism && !result.error) {
  // The same case again, in memory, with fresh module instances of its own: the histories must be byte-identical.
  // A family that keeps real files beside its stores runs it again in a scratch folder on a tmpfs, removed after.
  const again = new History();
  const scratch = family.needsRealFolder ? createScratch(defaultScratchParent()) : undefined;
  let second: CaseResult;
  try {
    second = await runCase({
      ...base,
      folder: scratch ? `${scratch.path}/again` : `${spec.folder}#again`,
      medium: scratch ? new FileMedium() : new MemoryMedium(),
      history: again,
    });
  } finally {
    scratch?.remove();
  }
  const first = readFileSync(result.files.history, 'utf8').split('\n');
  // A value the history never shows (a wall-clock time written to a row) differs in the local store the run left.
  const difference = firstDifference(first, again.toJsonl().split('\n')) ?? storeDifference(result.localState, second.localState);
  if (difference) ended = { ended: 'completed', result: { ...result, error: nonDeterministic(difference) } satisfies CaseResult };
}
await http?.close();
writeFileSync(spec.endFile, JSON.stringify(ended));
finished = true;
process.exit(0);

/** The first row of the local store that differs between the two runs, as firstDifference gives a history's. */
function storeDifference(first: CaseResult['localState'], second: CaseResult['localState']) {
  const rows = (state: CaseResult['localState']) =>
    Object.entries(state).flatMap(([table, list]) => (list as unknown[]).map((row) => `${table}: ${JSON.stringify(row)}`));
  const difference = firstDifference(rows(first), rows(second));
  return difference && { ...difference, where: 'row of orchestrator.db' };
}

function nonDeterministic(difference: { line: number; first: string; second: string; where?: string }): string {
  return (
    `not deterministic: the same case run twice differs at ${difference.where ?? 'history event'} ${difference.line}: ` +
    `${difference.first || '(none)'} vs ${difference.second || '(none)'}; does the protocol read the wall clock, an unseeded random source, or state outside its stores?`
  );
}
