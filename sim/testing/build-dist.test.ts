import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The global setup (build-dist.ts) ran `npm run build` before this file: the build `prepare` and `npm pack` run too.
describe('the build leaves the bin executable', () => {
  it('dist/entry/sim.js has its exec bits and `npx sim --version` runs it in this checkout', () => {
    const { bin, version } = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: { sim: string }; version: string };
    // Read before npx runs: npx's first link of this checkout chmods the bin itself, and would hide a build that does not.
    expect(statSync(bin.sim).mode & 0o111).toBe(0o111);
    const npx = spawnSync('npx', ['--offline', 'sim', '--version'], { encoding: 'utf8', timeout: 60_000 });
    expect(npx.stderr).toBe('');
    expect(npx.stdout).toBe(`${version}\n`);
    expect(npx.status).toBe(0);
  });
});
