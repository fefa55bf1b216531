import type { ReceiverCore } from './receiver-core.js';
import { DEFAULT_TENANT, problem, type WireReply } from './wire.js';

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

/**
 * The oracle's answer, {"count": n}, or its refusal. A question without a
 * tenant is answered only while the key's effects are all the default
 * tenant's (writes that named none): once a tenant is named, a count summed
 * over tenants is no tenant's N, and a duplicate under one of them would
 * hide behind a loss under another.
 */
export function effectsReply(core: ReceiverCore, url: URL): WireReply {
  const query = parseEffectsQuery(url);
  if ('refusal' in query) return query.refusal;
  if (query.tenant === undefined) {
    const named = core.tenantsOf(query.key).filter((tenant) => tenant !== DEFAULT_TENANT);
    if (named.length > 0) {
      const which = named
        .slice(0, 5)
        .map((tenant) => JSON.stringify(tenant))
        .join(', ');
      return problem(
        400,
        'missing-tenant',
        'tenant missing',
        `key ${JSON.stringify(query.key)} has effects under the tenants ${which}${named.length > 5 ? ', …' : ''}: ask GET /effects?tenant=T&key=K`,
      );
    }
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: { count: core.countEffects(query.key, query.tenant) } };
}
