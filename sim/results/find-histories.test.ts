import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { findHistories, HISTORY_DEPTH_MAX } from './find-histories.js';

const root = tempFolder('find-histories');

function history(...parts: string[]): string {
  mkdirSync(join(root, ...parts), { recursive: true });
  writeFileSync(join(root, ...parts, 'history.jsonl'), '');
  return join(root, ...parts, 'history.jsonl');
}

describe('findHistories', () => {
  it('finds every case of a run folder in path order, numbers compared as numbers', () => {
    const found = [
      history('run', 'reservation', 'outbox-dedup', 'cut-10'),
      history('run', 'reservation', 'outbox-dedup', 'cut-2'),
      history('run', 'reservation', 'mark-first', 'cut-0'),
    ];
    expect(findHistories(join(root, 'run'), 'run')).toEqual([found[2], found[1], found[0]]);
  });

  it("a case folder's own history is the one meant", () => {
    const own = history('case');
    history('case', 'kept-replay');
    expect(findHistories(join(root, 'case'), 'case')).toEqual([own]);
  });

  it('never follows a symbolic link, so a link back to the folder itself is no loop', () => {
    const only = history('looped', 'a');
    symlinkSync(join(root, 'looped'), join(root, 'looped', 'a', 'back'));
    expect(findHistories(join(root, 'looped'), 'looped')).toEqual([only]);
  });

  it(`looks no deeper than ${HISTORY_DEPTH_MAX} folders below`, () => {
    const levels = Array.from({ length: HISTORY_DEPTH_MAX }, (_, i) => `l${i}`);
    const deepest = history('deep', ...levels);
    history('deep', ...levels, 'too-deep');
    expect(findHistories(join(root, 'deep'), 'deep')).toEqual([deepest]);
  });
});
