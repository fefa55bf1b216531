import { execFileSync } from 'node:child_process';

/**
 * Vitest global setup: builds dist/ once with `npm run build`, so the tests
 * that spawn the real `sim` bin run today's code and never a stale build, and
 * the build they test is the one `prepare` and `npm pack` make: dist/ removed
 * first (tsc leaves the output of a deleted or moved source behind, and
 * `npm pack` would ship it), and the bin made executable again (tsc writes
 * its files 0644; `npx sim` runs the bin itself).
 */
export default function buildDist(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
