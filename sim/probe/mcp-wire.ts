import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { canonicalJson } from '../../protocols/receivers/fingerprint.js';
import type { JsonValue } from '../engine/history.js';
import { InputError } from '../engine/input-error.js';
import type { ExchangeOutcome } from '../transport/http/exchange.js';
import type { ProbeConfig } from './probe-config.js';
import type { ProbeWire } from './probe-wire.js';

/**
 * The battery over MCP: each write is one `tools/call` of `--tool` through the
 * proxy, its arguments the body's fields plus the key (and tenant) in the
 * arguments named by --key-arg (--tenant-arg). The answer in HTTP terms: a
 * result is 200 with its content and structured content (not its _meta, where
 * a replay may say so) as the body; a tool error is 400, or 409 when it says
 * the key is in progress; a JSON-RPC error is 400; no answer is a lost reply.
 * Elapsed times are real time, as over HTTP.
 */
export async function mcpWire(config: ProbeConfig, proxyUrl: string, tool: string): Promise<ProbeWire> {
  const url = `${proxyUrl}${config.url.pathname}${config.url.search}`;
  const client = new Client({ name: 'cutpoint-probe', version: '0.1.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: config.timeoutMs });
  } catch (error) {
    throw new InputError(`no MCP server answers at ${config.url.href}: ${(error as Error).message}`);
  }
  const { tools } = await client.listTools(undefined, { timeout: config.timeoutMs });
  if (!tools.some((t) => t.name === tool)) {
    await client.close();
    throw new InputError(
      `the MCP server at ${config.url.href} has no tool '${tool}'; it has ${tools.map((t) => t.name).join(', ') || 'none'}`,
    );
  }
  return {
    prepare(write) {
      // --body is refused unless it is a JSON object, and every variant of it is one too.
      const args = JSON.parse(write.body) as Record<string, JsonValue>;
      if (write.key !== undefined) args[config.keyField] = write.key;
      if (config.tenantField) args[config.tenantField] = write.tenant;
      const shown = {
        url,
        method: 'POST' as const,
        headers: { 'mcp-method': 'tools/call' },
        body: JSON.stringify({ name: tool, arguments: args }),
        timeoutMs: config.timeoutMs,
      };
      return { shown, send: () => callTool(client, tool, args, config.timeoutMs) };
    },
    close: () => client.close(),
  };
}

/** The SDK's JSON-RPC codes for an answer that never came. */
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

async function callTool(client: Client, tool: string, args: Record<string, JsonValue>, timeoutMs: number): Promise<ExchangeOutcome> {
  const started = performance.now();
  const elapsedMs = () => Math.round((performance.now() - started) * 100) / 100;
  const answered = (status: number, body: unknown): ExchangeOutcome => ({
    kind: 'response',
    status,
    headers: new Headers(),
    bodyText: canonicalJson(body as JsonValue),
    elapsedMs: elapsedMs(),
  });
  try {
    const result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: timeoutMs });
    const body = {
      content: result.content ?? [],
      ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
    } as unknown;
    if (!result.isError) return answered(200, body);
    return answered(JSON.stringify(body).includes('in-progress') ? 409 : 400, body);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message = (error as Error).message;
    // A JSON-RPC error from the server (invalid params, unknown tool) or an HTTP status is an answer; a lost connection or a timeout is not.
    if (code === REQUEST_TIMEOUT) return { kind: 'no-response', reason: 'timeout', message, elapsedMs: elapsedMs() };
    if (typeof code === 'number' && code < 0 && code !== CONNECTION_CLOSED) return answered(400, { error: { code, message } });
    if (typeof code === 'number' && code >= 100 && code < 600) return answered(code, { error: { code, message } });
    return { kind: 'no-response', reason: 'lost', message, elapsedMs: elapsedMs() };
  }
}
