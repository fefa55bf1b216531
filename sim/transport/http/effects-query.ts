import { problem, type WireReply } from './wire.js';

/**
 * The oracle's question, GET /effects?tenant=T&key=K, read once for every
 * front (HTTP and MCP). A parameter given twice is refused rather than read
 * as its first value: `key=k&key=j` asks about two keys, and answering for k
 * alone would count for j a number that is not j's.
 */
export function parseEffectsQuery(url: URL): { key: string; tenant: string | undefined } | { refusal: WireReply } {
  const query = url.searchParams;
  for (const name of ['key', 'tenant']) {
    if (query.getAll(name).length > 1) {
      return { refusal: problem(400, 'repeated-parameter', `${name} repeated`, `give ${name} once: ask GET /effects?tenant=T&key=K`) };
    }
  }
  const key = query.get('key');
  if (!key) return { refusal: problem(400, 'missing-key', 'key missing', 'ask GET /effects?tenant=T&key=K') };
  return { key, tenant: query.get('tenant') ?? undefined };
}
