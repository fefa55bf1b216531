import type { Clause } from '../clause.js';
import { isSuccess, statusText, type Sent } from '../probe-session.js';
import { sameReply } from './same-reply.js';

/** K requests with one key at once: one effect; every other answer replays the first or is 409 (in progress). */
export const concurrentSameKey: Clause = {
  name: 'concurrent-same-key',
  expected: 'count 1; every answer the same 2xx reply or 409',
  notRunBecause: () => undefined,
  async run(session) {
    const key = session.freshKey();
    const sent = await Promise.all(Array.from({ length: session.config.concurrency }, () => session.write(this.name, { key })));
    const { count, request } = await session.count(this.name, key);
    const winner = sent.find(isSuccess);
    const fits = (s: Sent) =>
      (winner !== undefined && isSuccess(s) && sameReply(s, winner)) || (s.outcome.kind === 'response' && s.outcome.status === 409);
    const tally = new Map<string, number>();
    for (const s of sent) tally.set(statusText(s), (tally.get(statusText(s)) ?? 0) + 1);
    const differing = sent.filter((s) => isSuccess(s) && !fits(s)).length;
    return {
      observed: `${sent.length} at once: ${[...tally].map(([status, n]) => `${n}x ${status}`).join(', ')}${differing ? ` (${differing} 2xx with another body)` : ''}; count ${count}`,
      pass: winner !== undefined && sent.every(fits) && count === 1,
      requests: [...sent.map((s) => s.request), request],
    };
  },
};
