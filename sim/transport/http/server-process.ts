import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** Settles when the process has exited, with how: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then its exit code once it has exited (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<number | null>;
}

/** Bound on how long a server may take to print its port: it either starts or is reported, never awaited forever. */
const START_MS_MAX = 15_000;

/**
 * Starts a server process that prints its port as the first line of stdout
 * (`sim serve --port 0`, the example servers) and resolves once it has.
 * A process that exits first, or prints something else, is an error with
 * its stderr.
 */
export function startServerProcess(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  // stdin is a pipe this process never writes: a child that watches it (dieWithParent) dies when this process does.
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async (graceMs = 5_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    return child.exitCode;
  };
  return new Promise((resolve, reject) => {
    let started = false;
    const fail = (why: string) => {
      void stop(0);
      reject(new Error(`${command} ${args.join(' ')}: ${why}${stderr ? `; stderr: ${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail(`printed no port within ${START_MS_MAX} ms`), START_MS_MAX);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!started) fail(`exited with ${code} before printing its port`);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (started || newline < 0) return;
      started = true;
      clearTimeout(timer);
      const port = Number(stdout.slice(0, newline).trim());
      if (!Number.isInteger(port) || port <= 0 || port > 65535) return fail(`printed '${stdout.slice(0, newline)}' instead of a port`);
      resolve({ port, child, stderr: () => stderr, exited, stop });
    });
  });
}

/** Whether something accepts connections on host:port: what a test asserts is false once a server is stopped. */
export function portAcceptsConnections(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
