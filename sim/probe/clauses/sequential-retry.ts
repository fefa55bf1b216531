import type { Clause } from '../clause.js';
import { isSuccess, statusText } from '../probe-session.js';
import { sameReply } from './same-reply.js';

/** A retry with the same key and body, once the first answered, replays: same status, same body, one effect. */
export const sequentialRetry: Clause = {
  name: 'sequential-retry',
  expected: 'same status and body again, count 1',
  notRunBecause: () => undefined,
  async run(session) {
    const key = session.freshKey();
    const first = await session.write(this.name, { key });
    const retry = await session.write(this.name, { key });
    const { count, request } = await session.count(this.name, key);
    const same = sameReply(first, retry);
    return {
      observed: `${statusText(first)} then ${statusText(retry)} (${same ? 'same reply' : 'another reply'}); count ${count}`,
      pass: isSuccess(first) && same && count === 1,
      requests: [first.request, retry.request, request],
    };
  },
};
