/**
 * The server's own crash: at the nth time a write reaches the applied cut
 * (its transaction committed, its reply not yet sent) the process SIGKILLs
 * itself, so the client sees the connection die and the file keeps the
 * effect, as when a real server dies between its commit and its reply.
 */
export function killAtNthCommit(appliedCut: string, nth: number): (cut: string) => Promise<void> {
  let reached = 0;
  return async (cut) => {
    if (cut === appliedCut && ++reached === nth) process.kill(process.pid, 'SIGKILL');
  };
}
