import type { Clause } from '../clause.js';
import { PROBE_TENANTS } from '../probe-config.js';
import { isSuccess, statusText } from '../probe-session.js';

/** One key under two tenants is two intentions: each tenant gets its own effect. */
export const tenantScope: Clause = {
  name: 'tenant-scope',
  expected: 'same key, two tenants: 2xx each, count 1 under each',
  notRunBecause: (config) => (config.tenantField ? undefined : config.mcpTool ? 'no --tenant-arg' : 'no --tenant-header'),
  async run(session) {
    const key = session.freshKey();
    const sent = [];
    for (const tenant of PROBE_TENANTS) sent.push(await session.write(this.name, { key, tenant }));
    const perTenant = session.config.countUrl.includes('{tenant}');
    const counts = perTenant
      ? await Promise.all(PROBE_TENANTS.map((tenant) => session.count(this.name, key, tenant)))
      : [await session.count(this.name, key)];
    const expectedCounts = perTenant ? [1, 1] : [2];
    return {
      observed: `${sent.map(statusText).join(', ')}; ${perTenant ? 'counts per tenant' : 'count over both'} ${counts.map((c) => c.count).join(', ')}`,
      pass: sent.every(isSuccess) && counts.every((c, i) => c.count === expectedCounts[i]),
      requests: [...sent.map((s) => s.request), ...counts.map((c) => c.request)],
    };
  },
};
