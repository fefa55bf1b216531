import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Vitest global setup: compiles dist/ once, so the tests that spawn the real
 * `sim` bin run today's code and never a stale build.
 */
export default function buildDist(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
