import { findServableReceiver } from '../transport/http/receiver-catalogue.js';
import { startReceiverServer } from '../transport/http/receiver-server.js';
import { killAtNthCommit } from '../transport/http/kill-at-commit.js';
import { wallClockMs } from '../transport/http/wall-clock.js';
import { dieWithParent } from './children.js';

/** What the parent asks of a receiver's server process, as one JSON argument. */
export interface ReceiverChildSpec {
  receiver: string;
  contract: string;
  db: string;
  /** SIGKILL this process at its nth write, after the commit and before the reply. */
  killAfterCommit?: number;
}

/**
 * A receiver's server in a process of its own, as `sim serve` runs it (same
 * server, same wire), for kill mode and server-kill mode over HTTP: it
 * prints its port on the first line of stdout and serves until SIGTERM. It
 * dies with its parent (its stdin closes), so no server outlives the
 * harness, however the harness ends. Exit codes: 0 closed on SIGTERM; 1 bad spec.
 */
dieWithParent();
const spec = JSON.parse(process.argv[2] ?? '{}') as ReceiverChildSpec;
const servable = findServableReceiver(spec.receiver);
const contract = servable?.contracts.find((candidate) => candidate.name === spec.contract);
if (!servable || !contract) {
  process.stderr.write(`receiver '${spec.receiver}' with contract '${spec.contract}' cannot be served\n`);
  process.exit(1);
}
const server = await startReceiverServer({
  dbPath: spec.db,
  servable,
  contract,
  settings: { retentionMs: null, closedWindow: false },
  // Real time is the point: this is a real server process; with receipts kept forever nothing reads it but the receipt's date.
  nowMs: wallClockMs,
  ...(spec.killAfterCommit ? { cut: killAtNthCommit(servable.receiver.appliedCut, spec.killAfterCommit) } : {}),
});
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.stdout.write(`${server.port}\n`);
