import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { TOOL_SERVER_TOOLS } from '../../protocols/plan/plan-tools.js';
import { SEED_PLAN } from '../../protocols/plan/seed-plan.js';
import { tempFolder } from '../testing/temp-folder.js';
import { startServerProcess } from '../transport/http/server-process.js';

const folder = tempFolder('serve-mcp-tools');
const bin = fileURLToPath(new URL('../../dist/entry/sim.js', import.meta.url));

describe('sim serve --mcp --receiver tool-server', () => {
  it("lists every tool a plan may call, the seed plan's verify among them, and answers a call of each step's action", async () => {
    const db = join(folder, 'tool-server.db');
    const args = [bin, 'serve', '--receiver', 'tool-server', '--contract', 'atomic-receipt', '--db', db, '--port', '0', '--mcp'];
    const server = await startServerProcess(process.execPath, args);
    const client = new Client({ name: 'serve-mcp-tools-test', version: '0.1.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      expect(listed).toEqual([...TOOL_SERVER_TOOLS]);
      expect(listed).toEqual(['write_file', 'run_command', 'search_components', 'verify']);
      // Each step of the seed plan that calls its action as a tool (no files) is a tool the server lists and answers.
      for (const step of SEED_PLAN.steps.filter((candidate) => (candidate.files ?? []).length === 0)) {
        const result = await client.callTool({
          name: step.action,
          arguments: {
            idempotency_key: `seed:${step.id}`,
            payload: { args: step.args ?? {}, caller: { life: 0, worker: 'w0', at_ms: 0, timeout_ms: 5_000 } },
          },
        });
        const text = (result.content as { type: string; text: string }[]).map((part) => part.text).join('');
        expect(result.isError, `${step.action}: ${text}`).toBeFalsy();
      }
    } finally {
      await client.close();
      expect(await server.stop()).toBe(0);
    }
  });
});
