import { startServerProcess, type ServerProcess } from '../transport/http/server-process.js';
import type { RestartableTarget } from '../transport/http/fault-proxy.js';
import { childEnv } from './children.js';
import { compiledEntry } from './entry-path.js';
import type { ReceiverChildSpec } from './receiver-child.js';

const RECEIVER_CHILD = compiledEntry(new URL('./receiver-child.js', import.meta.url));

/** Bound on how long a request that found its server dead waits for the server's death to be seen (real ms). */
const DEATH_SEEN_MS_MAX = 5_000;

/** How one server process of a receiver ended. */
export interface ServerDeath {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SupervisedReceiver extends RestartableTarget {
  /** Every server process of this receiver that ended before `stop`, in order: a kill after its commit is a SIGKILL. */
  readonly deaths: readonly ServerDeath[];
  /** Processes started so far: 1, or more once a dead server was restarted. */
  started(): number;
  /** Stops the server (and one being restarted); resolves once no process of it is left. */
  stop(): Promise<void>;
}

interface Generation {
  server: ServerProcess;
  /** Settles once this server has died and its successor serves (or, once stopping, once it has died). */
  succeeded: Promise<void>;
}

/**
 * A receiver's server in a process of its own, restarted on the same file
 * whenever it dies: what recovery of a real server does. Only the first
 * process gets `killAfterCommit`; its successors serve normally. Placed
 * behind the fault proxy as its target, so a request that found the server
 * dead is answered (502, the outcome unknown) only once the successor
 * serves, and the caller's next request reaches a live server: the order of
 * events does not depend on how fast the restart was.
 */
export async function superviseReceiver(spec: ReceiverChildSpec): Promise<SupervisedReceiver> {
  const deaths: ServerDeath[] = [];
  let stopping = false;
  let count = 0;
  const start = async (childSpec: ReceiverChildSpec): Promise<Generation> => {
    count++;
    const server = await startServerProcess(process.execPath, [RECEIVER_CHILD, JSON.stringify(childSpec)], childEnv());
    const succeeded = server.exited.then(async ({ code, signal }) => {
      if (stopping) return;
      deaths.push({ pid: server.child.pid ?? -1, code, signal });
      const { killAfterCommit: _once, ...again } = childSpec;
      current = await start(again);
    });
    return { server, succeeded };
  };
  let current = await start(spec);

  return {
    deaths,
    started: () => count,
    url: () => `http://127.0.0.1:${current.server.port}`,
    async recovered() {
      const dying = current;
      let timer: NodeJS.Timeout | undefined;
      const died = await Promise.race([
        dying.server.exited.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DEATH_SEEN_MS_MAX))),
      ]);
      clearTimeout(timer);
      if (died) await dying.succeeded;
    },
    async stop() {
      stopping = true;
      await current.server.stop();
      await current.succeeded;
    },
  };
}
