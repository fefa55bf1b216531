import { describe, expect, it } from 'vitest';
import { fullBucket, SEED_RATE_LIMITS, takeToken, type BucketState } from './token-bucket.js';

describe('token bucket on the virtual clock', () => {
  it.each(SEED_RATE_LIMITS)('%i requests a minute: a burst passes, the next call gets a Retry-After that is exactly enough', (rpm) => {
    const limit = { requestsPerMinute: rpm, burst: 3 };
    let state: BucketState = fullBucket(limit, 0);
    for (let call = 0; call < 3; call++) {
      const take = takeToken(state, limit, 0);
      expect(take.granted).toBe(true);
      state = take.state;
    }
    const refused = takeToken(state, limit, 0);
    expect(refused.granted).toBe(false);
    if (refused.granted) return;
    expect(refused.retryAfterMs).toBe(Math.ceil(60_000 / rpm));
    expect(takeToken(refused.state, limit, refused.retryAfterMs - 1).granted).toBe(false);
    expect(takeToken(refused.state, limit, refused.retryAfterMs).granted).toBe(true);
  });

  it('never holds more than its burst, however long it idles', () => {
    const limit = { requestsPerMinute: 60, burst: 2 };
    let state = fullBucket(limit, 0);
    let granted = 0;
    for (let call = 0; call < 5; call++) {
      const take = takeToken(state, limit, 3_600_000);
      state = take.state;
      if (take.granted) granted++;
    }
    expect(granted).toBe(2);
  });
});
