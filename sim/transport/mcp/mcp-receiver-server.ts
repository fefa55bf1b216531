import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { effectsReply } from '../http/effects-query.js';
import { ReceiverCore, type ReceiverCoreOptions } from '../http/receiver-core.js';
import type { RunningServer } from '../http/receiver-server.js';
import { requestPath } from '../http/request-path.js';
import { problem } from '../http/wire.js';
import { requestFromArguments, toolResult, WRITE_TOOL_INPUT_SCHEMA } from './write-tool.js';

/**
 * An MCP server exposing the receiver's tools: its one write tool named after
 * its kind, or every tool its catalogue entry names (the plan's tool server:
 * TOOL_SERVER_TOOLS, protocols/plan/plan-tools.ts), each with the key in its
 * arguments, since MCP has no transactions and no headers a tool sees.
 */
function receiverToolServer(core: ReceiverCore, tools: readonly string[], summary: string): Server {
  const server = new Server({ name: 'cutpoint-receiver', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((name) => ({
      name,
      description: `${summary}. Idempotent by idempotency_key (per tenant).`,
      inputSchema: WRITE_TOOL_INPUT_SCHEMA,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (call) => {
    const { name } = call.params;
    if (!tools.includes(name))
      return {
        content: [{ type: 'text', text: `unknown tool '${name}'; this server has ${tools.map((tool) => `'${tool}'`).join(', ')}` }],
        isError: true,
      };
    const request = requestFromArguments(name, call.params.arguments, core.nowMs());
    if (typeof request === 'string') return { content: [{ type: 'text', text: request }], isError: true };
    return toolResult(await core.handle(request));
  });
  return server;
}

/**
 * The same receiver as an MCP server over Streamable HTTP (the official SDK),
 * stateless: each POST /mcp gets a fresh SDK server and transport, so no
 * session outlives a request and a dropped reply leaves nothing half-open.
 * Replies are plain JSON (no SSE stream), which the fault proxy can hold
 * or drop whole. GET /effects?tenant=T&key=K is the same oracle as over HTTP.
 */
export async function startMcpReceiverServer(options: ReceiverCoreOptions, port = 0): Promise<RunningServer> {
  const core = new ReceiverCore(options);
  const tools = options.servable.tools ?? [options.servable.kind];

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // The paths as sent: `new URL()` would resolve /%2e%2e/mcp to /mcp.
    const path = requestPath(request);
    if (path !== '/effects' && path !== '/mcp') {
      const reply = problem(404, 'not-found', 'Not found', 'call tools with POST /mcp, count with GET /effects');
      response.writeHead(reply.status, reply.headers).end(JSON.stringify(reply.body));
      return;
    }
    if (request.method === 'GET' && path === '/effects') {
      const reply = effectsReply(core, new URL(request.url ?? '/', 'http://receiver'));
      response.writeHead(reply.status, reply.headers).end(JSON.stringify(reply.body));
      return;
    }
    if (request.method !== 'POST' || path !== '/mcp') {
      response.writeHead(405, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'POST /mcp (stateless Streamable HTTP)' }, id: null }));
      return;
    }
    const server = receiverToolServer(core, tools, options.contract.summary);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }

  const http = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: String(error) }, id: null }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) => {
      core.close();
      reject(error);
    });
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const chosen = (http.address() as AddressInfo).port;
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => {
          core.close();
          resolve();
        });
        http.closeAllConnections();
      }),
  };
}
