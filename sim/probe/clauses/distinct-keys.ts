import type { Clause } from '../clause.js';
import { isSuccess, statusText } from '../probe-session.js';

/** Two writes with two fresh keys are two intentions: each is applied once. */
export const distinctKeys: Clause = {
  name: 'distinct-keys',
  expected: 'two keys: 2xx each, count 1 each',
  notRunBecause: () => undefined,
  async run(session) {
    const keys = [session.freshKey(), session.freshKey()];
    const sent = [await session.write(this.name, { key: keys[0] as string }), await session.write(this.name, { key: keys[1] as string })];
    const counts = [await session.count(this.name, keys[0] as string), await session.count(this.name, keys[1] as string)];
    return {
      observed: `${sent.map(statusText).join(', ')}; counts ${counts.map((c) => c.count).join(', ')}`,
      pass: sent.every(isSuccess) && counts.every((c) => c.count === 1),
      requests: [...sent.map((s) => s.request), ...counts.map((c) => c.request)],
    };
  },
};
