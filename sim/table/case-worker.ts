import { parentPort } from 'node:worker_threads';
import { runCase } from '../engine/run-case.js';
import { loadFamily } from '../families/index.js';
import type { CaseJob, CaseReply } from './case-pool.js';

/**
 * A worker thread of the table's case pool: it runs the built-in cases the
 * main thread sends, each on its own fresh files, exactly as `runCase` does
 * in the main thread, and sends back the case's result.
 */
const port = parentPort!;

port.on('message', async (job: CaseJob) => {
  const reply = (message: CaseReply) => port.postMessage(message);
  const family = await loadFamily(job.family);
  const protocol = family?.protocols.find((entry) => entry.protocol.name === job.protocol)?.protocol;
  if (!family || !protocol) return reply({ id: job.id, error: `case worker: no protocol '${job.protocol}' in family '${job.family}'` });
  runCase({ family, protocol, folder: job.folder, cut: job.cut }).then(
    (result) => reply({ id: job.id, result }),
    (error: unknown) => reply({ id: job.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
// Everything is loaded: the main thread may hand this one cases from now on.
port.postMessage({ ready: true });
