import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';

// Through the compiled bin, as a user runs it: vitest's own loader would resolve and load anything.
const sim = join(process.cwd(), 'dist', 'entry', 'sim.js');

/**
 * What `npm init -y` leaves in a folder outside this checkout: a CommonJS package.json (no "type") and no
 * node_modules, so neither `cutpoint` nor an ES module .ts file loads there by Node's own rules.
 */
const project = tempFolder('outside-checkout');
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'mine', version: '1.0.0', main: 'index.js', license: 'ISC' }));
writeFileSync(
  join(project, 'loop.ts'),
  `import { planLoop, CORRECT_SEAMS } from 'cutpoint';
export default planLoop({ name: 'my-plan-loop', summary: 'the seed loop', toolContract: 'atomic-receipt', seams: { ...CORRECT_SEAMS } });
`,
);

function run(args: string[]) {
  const out = join(project, 'runs');
  return spawnSync(process.execPath, [sim, ...args, '--family', 'plan', '--protocol', 'loop.ts', '--out', out], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe(
  "a .ts protocol importing 'cutpoint' in a CommonJS folder outside the checkout, with no node_modules",
  { timeout: 150_000 },
  () => {
    it('sim table runs it, each life in a child process', () => {
      const result = run(['table', '--crash-mode', 'kill', '--cut', '1', '--format', 'json']);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect((JSON.parse(result.stdout) as { effects: unknown }).effects).toEqual({ 'my-plan-loop': [1] });
    });

    it('sim check runs it in its own child process and in a worker process (two chunks, two jobs)', () => {
      const result = run(['check', 'writes-once', '--seed', '1', '--runs', '101', '--jobs', '2']);
      expect(result.stderr).not.toMatch(/cannot load|Cannot find package/);
      expect(result.stdout).toMatch(/✓ writes-once held +101 runs/);
      expect(result.stdout).toMatch(/with 2 jobs/);
      expect(result.status).toBe(0);
    });

    it('sim explore runs it', () => {
      const result = run(['explore', '--jobs', '2']);
      expect(result.stderr).not.toMatch(/cannot load|Cannot find package/);
      expect(result.stdout).toMatch(/no violation: N = 1 for every intention in every explored schedule/);
      expect(result.status).toBe(0);
    });
  },
);
