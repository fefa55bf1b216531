import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { RUN_ID_PATTERN, newRunId, writeFileAtomic, writeFilesAtomic } from './run-folder.js';

const root = tempFolder('run-folder');

describe('writeFilesAtomic', () => {
  it('writes every file whole and leaves no temporary file behind', () => {
    const folder = join(root, 'ok');
    mkdirSync(folder);
    writeFileSync(join(folder, 'b.txt'), 'old');
    writeFilesAtomic([
      { path: join(folder, 'a.txt'), data: 'alpha' },
      { path: join(folder, 'b.txt'), data: Buffer.from([1, 2, 3]) },
    ]);
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('alpha');
    expect([...readFileSync(join(folder, 'b.txt'))]).toEqual([1, 2, 3]);
    expect(readdirSync(folder).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('writes nothing when a target is a folder, and says which', () => {
    const folder = join(root, 'folder-in-the-way');
    mkdirSync(join(folder, 'b.txt'), { recursive: true });
    expect(() =>
      writeFilesAtomic([
        { path: join(folder, 'a.txt'), data: 'alpha' },
        { path: join(folder, 'b.txt'), data: 'beta' },
      ]),
    ).toThrow(/cannot write b\.txt in .*folder-in-the-way: a folder of that name is in the way/);
    expect(readdirSync(folder)).toEqual(['b.txt']);
    expect(statSync(join(folder, 'b.txt')).isDirectory()).toBe(true);
  });

  it('puts no file in place when a later one cannot be written, and removes its own temporary files', () => {
    const folder = join(root, 'late-failure');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.txt'), 'kept');
    // A folder where the second file's temporary copy would go makes its write fail, even for root.
    mkdirSync(join(folder, `b.txt.tmp-${process.pid}`));
    expect(() =>
      writeFilesAtomic([
        { path: join(folder, 'a.txt'), data: 'replaced' },
        { path: join(folder, 'b.txt'), data: 'beta' },
      ]),
    ).toThrow(/cannot write b\.txt in /);
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('kept');
    expect(readdirSync(folder).sort()).toEqual(['a.txt', `b.txt.tmp-${process.pid}`]);
  });

  it('writeFileAtomic fails with one sentence when the parent is a file', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(() => writeFileAtomic(join(file, 'out.txt'), 'y')).toThrow(
      /cannot write out\.txt in .*a-file: a part of the path is a file, not a folder/,
    );
    expect(existsSync(join(root, 'a-file'))).toBe(true);
  });
});

describe('run ids', () => {
  it('match the pattern reports use to find run folders', () => {
    expect(newRunId(new Date('2026-12-01T00:19:09Z'))).toMatch(RUN_ID_PATTERN);
    expect(newRunId(new Date('2026-12-01T00:19:09Z')).slice(0, 16)).toBe('20261201-001909-');
    expect('test-artifacts').not.toMatch(RUN_ID_PATTERN);
  });
});
