import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ReceiverClient, ReceiverReply, ReceiverRequest } from '../../../protocols/receivers/types.js';
import { argumentsFromRequest, replyFromResult } from './write-tool.js';

export interface McpClientOptions {
  /** The MCP endpoint (the server's or its fault proxy's), e.g. http://127.0.0.1:4100/mcp. */
  url: string;
  /** Bound on each tools/call (real ms); past it the outcome is unknown. */
  timeoutMs: number;
}

/**
 * A ReceiverClient over MCP: each request is one `tools/call` of the
 * receiver's write tool (named after the request's kind) with the key in its
 * arguments. A connection refused is `unavailable`; a call whose answer never
 * came (dropped, timed out) is `no-reply`, and the sender asks again with the
 * same key.
 */
export class McpReceiverClient implements ReceiverClient {
  private client: Client | undefined;

  constructor(private readonly options: McpClientOptions) {}

  /** Connects (the MCP initialize handshake) unless connected; a failure leaves it unconnected for the next call. */
  async connect(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({ name: 'cutpoint', version: '0.1.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(this.options.url)), { timeout: this.options.timeoutMs });
    this.client = client;
    return client;
  }

  async send(request: ReceiverRequest): Promise<ReceiverReply> {
    let client: Client;
    try {
      client = await this.connect();
    } catch {
      return { status: 'unavailable' };
    }
    try {
      const result = await client.callTool({ name: request.kind, arguments: { ...argumentsFromRequest(request) } }, undefined, {
        timeout: this.options.timeoutMs,
      });
      const reply = replyFromResult(result);
      if (!reply) return { status: 'no-reply' };
      return reply.status === 'in-progress' ? { status: 'unavailable' } : reply;
    } catch (error) {
      return refused(error) ? { status: 'unavailable' } : { status: 'no-reply' };
    }
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
  }
}

function refused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}
