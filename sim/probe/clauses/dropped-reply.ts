import type { Clause } from '../clause.js';
import { isSuccess, statusText } from '../probe-session.js';

/** The proxy lets the service answer, then drops the reply; the retry with the same key must not apply it again. */
export const droppedReply: Clause = {
  name: 'dropped-reply-retry',
  expected: 'reply dropped after the service answered, retry 2xx, count 1',
  notRunBecause: () => undefined,
  async run(session) {
    const key = session.freshKey();
    const dropped = await session.write(this.name, { key, fault: { kind: 'drop-reply' } });
    const retry = await session.write(this.name, { key });
    const { count, request } = await session.count(this.name, key);
    const answered = dropped.proxied?.upstreamStatus;
    const fired = dropped.proxied?.fault === 'drop-reply' && answered !== undefined && dropped.outcome.kind === 'no-response';
    const drop = fired ? `service answered ${answered}, reply dropped` : `the drop did not fire (${statusText(dropped)})`;
    return {
      observed: `${drop}; retry ${statusText(retry)}; count ${count}`,
      pass: fired && answered >= 200 && answered < 300 && isSuccess(retry) && count === 1,
      requests: [dropped.request, retry.request, request],
    };
  },
};
