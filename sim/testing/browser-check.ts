import { existsSync } from 'node:fs';

/** Whether a browser test runs, is skipped with one line saying why, or fails (CI must not skip it). */
export type BrowserCheck = { verdict: 'run' } | { verdict: 'skip'; line: string } | { verdict: 'fail'; line: string };

/** CI sets CI=true (GitHub, GitLab, most others); an empty value, '0' or 'false' is a developer's machine. */
function inCi(env: NodeJS.ProcessEnv): boolean {
  const value = (env['CI'] ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/**
 * Decides what a test that drives Chromium at `chromiumPath` does on this
 * machine. `npm ci && npm test` must pass on a fresh clone without a browser,
 * so outside CI the test is skipped with a line saying how to install one;
 * in CI a missing browser is a failure, never a silent skip.
 */
export function browserCheck(chromiumPath: string, env: NodeJS.ProcessEnv): BrowserCheck {
  if (existsSync(chromiumPath)) return { verdict: 'run' };
  const line = `no Chromium at ${chromiumPath}: install it with \`apt-get install chromium\` (as .ci/run does)`;
  return inCi(env) ? { verdict: 'fail', line } : { verdict: 'skip', line: `the browser test is skipped: ${line}` };
}
