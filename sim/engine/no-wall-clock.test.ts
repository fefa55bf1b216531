import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the simulation: sim/ and protocols/, tests excluded. */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => join(folder, path));
}

/** Where reading the wall clock or an unseeded source is the point, and why. */
const ON_PURPOSE: Readonly<Record<string, string>> = {
  'sim/testing/fixtures/': 'protocols that misbehave on purpose, so the harness can be seen catching them',
};

describe('determinism by construction', () => {
  it('no simulation source reads Date.now() or Math.random()', () => {
    const offenders = ['sim', 'protocols']
      .flatMap(sources)
      .filter((path) => !Object.keys(ON_PURPOSE).some((folder) => path.startsWith(folder)))
      .filter((path) => /Date\.now\(|Math\.random\(/.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
