import { dieWithParentEvenWhenBusy } from './children.js';
import type { JobMessage, ReplyMessage } from './worker-pool.js';

/** Runs one job in a worker process; `report` sends the parent something on the way (a run went by). */
export type JobHandler<J, R, E> = (job: J, report: (event: E) => void) => Promise<R>;

/**
 * The loop of a worker process started by startWorkerPool: it sets itself up
 * once from the data on its command line (a family, a protocol, bounds),
 * then runs the jobs the parent sends over the IPC channel, one at a time as
 * the parent sends them, and replies with each result (or why it threw). It
 * dies with its parent, even inside a protocol that loops, and ends when the
 * parent closes the channel.
 */
export async function serveJobs<D, J, R, E>(name: string, setUp: (data: D) => Promise<JobHandler<J, R, E>>): Promise<void> {
  dieWithParentEvenWhenBusy();
  const send = process.send?.bind(process);
  if (!send) throw new Error(`${name}: started without an IPC channel (a pool of its parent starts it)`);
  const reply = (message: ReplyMessage<R, E>) => send(message);
  // Listening before the set-up awaits anything: a job the parent sends meanwhile waits for it, not lost.
  const ready = setUp(JSON.parse(process.argv[2] ?? '') as D);
  process.on('disconnect', () => process.exit(0));
  process.on('message', ({ id, job }: JobMessage<J>) => {
    ready
      .then((handle) => handle(job, (event) => reply({ id, event })))
      .then(
        (result) => reply({ id, result }),
        (error: unknown) => reply({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
      );
  });
  await ready;
  reply({ ready: true });
}
