import { describe, expect, it } from 'vitest';
import { Progress, type ProgressOutput } from './progress.js';

function capture(isTty: boolean): { io: ProgressOutput; text: () => string } {
  let text = '';
  return { io: { stderr: (chunk) => (text += chunk), isTty }, text: () => text };
}

describe('Progress', () => {
  it.each([true, false])('counts in the unit it is given, never "runs" for trials (terminal: %s)', (isTty) => {
    const { io, text } = capture(isTty);
    const progress = new Progress(io, 'sim stress', 1000, 'trials');
    for (let done = 1; done <= 1000; done++) progress.update(done);
    progress.done();
    expect(text()).toMatch(/\/1000 trials/);
    expect(text()).toMatch(/\d+ trials\/s/);
    expect(text()).not.toMatch(/runs/);
  });
});
