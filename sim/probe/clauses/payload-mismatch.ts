import type { Clause } from '../clause.js';
import { isClientError, isSuccess, statusText } from '../probe-session.js';
import { bodyVariants } from './body-variants.js';

/** The same key with another body is refused (4xx) and applies nothing, whichever field differs. */
export const payloadMismatch: Clause = {
  name: 'payload-mismatch',
  expected: 'each changed field: 4xx, count stays 1',
  notRunBecause: () => undefined,
  async run(session) {
    const key = session.freshKey();
    const first = await session.write(this.name, { key });
    const answers: string[] = [];
    const requests = [first.request];
    let pass = isSuccess(first);
    for (const variant of bodyVariants(session.config.body)) {
      const sent = await session.write(this.name, { key, body: JSON.stringify(variant.body) });
      requests.push(sent.request);
      answers.push(`${variant.field} changed: ${statusText(sent)}`);
      if (!isClientError(sent)) pass = false;
    }
    const { count, request } = await session.count(this.name, key);
    requests.push(request);
    return { observed: `first ${statusText(first)}; ${answers.join(', ')}; count ${count}`, pass: pass && count === 1, requests };
  },
};
