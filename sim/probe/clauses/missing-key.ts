import type { Clause } from '../clause.js';
import { isClientError, statusText } from '../probe-session.js';

/** Where a key is required, a write without one is refused (4xx), not applied as an unrepeatable request. */
export const missingKey: Clause = {
  name: 'missing-key',
  expected: 'no key sent: 4xx',
  notRunBecause: (config) => (config.requireKey ? undefined : 'no --require-key'),
  async run(session) {
    const sent = await session.write(this.name, {});
    return { observed: statusText(sent), pass: isClientError(sent), requests: [sent.request] };
  },
};
