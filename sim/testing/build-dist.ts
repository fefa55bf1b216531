import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Vitest global setup: compiles dist/ once, so the tests that spawn the real
 * `sim` bin run today's code and never a stale build. dist/ is removed first,
 * as `npm run build` removes it: tsc leaves the output of a deleted or moved
 * source behind, and `npm pack` would ship it.
 */
export default function buildDist(): void {
  rmSync('dist', { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
