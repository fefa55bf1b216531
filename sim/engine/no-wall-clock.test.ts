import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the simulation: sim/ and protocols/, tests excluded. */
function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => join(folder, path));
}

describe('determinism by construction', () => {
  it('no simulation source reads Date.now() or Math.random()', () => {
    const offenders = ['sim', 'protocols'].flatMap(sources).filter((path) => /Date\.now\(|Math\.random\(/.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
