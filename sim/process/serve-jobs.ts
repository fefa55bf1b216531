import { EnvironmentFailure } from '../engine/environment-failure.js';
import { dieWithParentEvenWhenBusy } from './children.js';
import type { JobMessage, ReplyMessage, SetUpMessage } from './worker-pool.js';

/** Runs one job in a worker process; `report` sends the parent something on the way (a run went by). */
export type JobHandler<J, R, E> = (job: J, report: (event: E) => void) => Promise<R>;

/**
 * The loop of a worker process started by startWorkerPool: it sets itself up
 * once from the data on its command line or in its first message (a family, a protocol, bounds),
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
  // A pool started before its data was known sends the data as its first message instead of on the command line.
  let setUpData!: (data: D) => void;
  const data = new Promise<D>((resolve) => (setUpData = resolve));
  if (process.argv[2] !== undefined) setUpData(JSON.parse(process.argv[2]) as D);
  const ready = data.then(setUp);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: JobMessage<J> | SetUpMessage) => {
    if ('setUp' in message) return setUpData(message.setUp as D);
    const { id, job } = message;
    ready
      .then((handle) => handle(job, (event) => reply({ id, event })))
      .then(
        (result) => reply({ id, result }),
        (error: unknown) =>
          // A full disk is the machine's, said in one line by the parent as it would be here; anything else keeps its stack.
          reply(
            error instanceof EnvironmentFailure
              ? { id, error: error.message, environment: true }
              : { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) },
          ),
      );
  });
  await ready;
  reply({ ready: true });
}
