import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing/run-cli.js';
import { tempFolder } from '../testing/temp-folder.js';
import { startServerProcess, type ServerProcess } from '../transport/http/server-process.js';
import type { ProbeResults } from './probe-results.js';

const folder = tempFolder('probe-urls');
const service = fileURLToPath(new URL('../testing/fixtures/misbehaving-service.mjs', import.meta.url));
const started: ServerProcess[] = [];

afterAll(async () => {
  for (const server of started) await server.stop();
});

function probe(url: string, countUrl: string) {
  return runCli(
    ['probe', '--url', url, '--body', '{"part":"p7"}', '--count-url', countUrl, '--format', 'json', '--out', join(folder, 'runs')],
    folder,
  );
}

/** Whether this machine lets a server listen on ::1 (CI's may have IPv6 off): a server on it, opened and closed. */
function ipv6LoopbackBindable(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

describe('sim probe --url', () => {
  it('a URL the parser refuses is bad input that says what is wrong with it', async () => {
    const cases: [string, string][] = [
      ['http://127.0.0.1:99999/x', 'is not a URL: port 99999 is out of range 1-65535'],
      ['http://127.0.0.1:0/x', ': port 0 is out of range 1-65535'],
      ['http://127.0.0.1:3000x/x', "is not a URL: port '3000x' is not a number"],
      ['127.0.0.1:3000/x', 'is not a URL: it has no scheme: write it as http://host:port/path'],
      ['http://[::1/x', "is not a URL: the IPv6 address in '[::1' has no closing ']'"],
      ['http://a b/x', "is not a URL: the host 'a b' contains a space"],
    ];
    for (const [url, why] of cases) {
      const run = await probe(url, 'http://127.0.0.1:1/effects?key={key}');
      expect({ url, code: run.code, stderr: run.stderr }).toEqual({
        url,
        code: 2,
        stderr: `sim: --url '${url}'${why.startsWith(':') ? '' : ' '}${why}\n`,
      });
    }
  });

  it("a count endpoint on a port fetch blocks is bad input that says so, not 'bad port'", async () => {
    const server = await startServerProcess(process.execPath, [service, 'no-receipt']);
    started.push(server);
    const run = await probe(`http://127.0.0.1:${server.port}/writes`, 'http://127.0.0.1:6000/effects?key={key}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^sim: the count endpoint http:\/\/127\.0\.0\.1:6000\/effects\?key=probe-\S+ did not answer \(Node's fetch will not connect to port 6000, which the Fetch standard blocks: serve it on another port\)\n$/,
    );
  });

  it('an IPv6 loopback URL reaches the service there, or where ::1 cannot be bound, says nothing answers there', async () => {
    if (await ipv6LoopbackBindable()) {
      const server = await startServerProcess(process.execPath, [service, 'no-receipt', '::1']);
      started.push(server);
      const base = `http://[::1]:${server.port}`;
      const run = await probe(`${base}/writes`, `${base}/effects?key={key}`);
      const results = JSON.parse(run.stdout) as ProbeResults;
      // Writes through the proxy and counts straight to ::1 both arrived: a service without receipts, judged as one.
      expect(results.clauses.find((c) => c.name === 'distinct-keys')).toMatchObject({ verdict: 'pass', observed: '201, 201; counts 1, 1' });
      expect(results.clauses.find((c) => c.name === 'sequential-retry')?.observed).toBe('201 then 201 (same reply); count 2');
      expect(run.code).toBe(1);
    } else {
      const run = await probe('http://[::1]:3000/writes', 'http://[::1]:3000/effects?key={key}');
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^sim: nothing answers at http:\/\/\[::1\]:3000 \([a-z].*\)\n$/);
    }
  });
});
