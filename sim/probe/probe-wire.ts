import { exchange, type ExchangeOutcome, type ExchangeRequest } from '../transport/http/exchange.js';
import type { ProbeConfig } from './probe-config.js';

/** One write as the battery asks for it: the key (none for the missing-key clause), the tenant, the body text. */
export interface KeyedWrite {
  key?: string;
  tenant: string;
  body: string;
}

/** A write ready to go: what the history shows of it, and how it is sent. */
export interface PreparedWrite {
  shown: ExchangeRequest;
  send(): Promise<ExchangeOutcome>;
}

/**
 * How the battery's writes reach the service through the probe's proxy:
 * plain HTTP (a POST with the key in a header) or an MCP tool call (the key
 * in an argument). Either way the answer comes back in HTTP terms, so every
 * clause judges both alike.
 */
export interface ProbeWire {
  prepare(write: KeyedWrite): PreparedWrite;
  close(): Promise<void>;
}

/** The key and tenant in headers, the body as it is, POSTed to the URL's path on the proxy. */
export function httpWire(config: ProbeConfig, proxyUrl: string): ProbeWire {
  return {
    prepare(write) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (write.key !== undefined) headers[config.keyField] = write.key;
      if (config.tenantField) headers[config.tenantField] = write.tenant;
      const shown: ExchangeRequest = {
        url: `${proxyUrl}${config.url.pathname}${config.url.search}`,
        method: 'POST',
        headers,
        body: write.body,
        timeoutMs: config.timeoutMs,
      };
      return { shown, send: () => exchange(shown) };
    },
    close: async () => undefined,
  };
}
