import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { ensureFolder, NEW_LEVELS_MAX } from './ensure-folder.js';

const root = tempFolder('ensure-folder');

describe('ensureFolder', () => {
  it('creates every missing level, one at a time, and accepts a folder that exists', () => {
    const target = join(root, 'a', 'b', 'c');
    ensureFolder(target, 'output folder a/b/c');
    expect(statSync(target).isDirectory()).toBe(true);
    ensureFolder(target, 'output folder a/b/c');
    expect(readdirSync(join(root, 'a', 'b'))).toEqual(['c']);
  });

  it('ends at once where the file system answers ENOENT for a parent that exists (/proc), where mkdir -p loops forever', () => {
    expect(() => ensureFolder('/proc/cutpoint-no-such/runs', 'output folder /proc/cutpoint-no-such/runs')).toThrow(
      /^cannot create output folder \/proc\/cutpoint-no-such\/runs: this file system allows no new folder at \/proc\/cutpoint-no-such$/,
    );
    expect(existsSync('/proc/cutpoint-no-such')).toBe(false);
  });

  it('names the file in the way, and creates nothing', () => {
    writeFileSync(join(root, 'a-file'), 'x');
    expect(() => ensureFolder(join(root, 'a-file', 'x', 'y'), 'output folder a-file/x/y')).toThrow(
      /a-file is a file, not a folder; choose another path$/,
    );
    expect(statSync(join(root, 'a-file')).isFile()).toBe(true);
  });

  it('refuses a name longer than 255 bytes and a path longer than 4095 before touching the disk', () => {
    expect(() => ensureFolder(join(root, 'é'.repeat(128)), 'output folder')).toThrow(/is longer than 255 bytes, too long for a file name$/);
    expect(() => ensureFolder(join(root, ...Array.from({ length: 500 }, () => 'abcdefghi')), 'output folder')).toThrow(
      /the path is longer than 4095 bytes/,
    );
    expect(readdirSync(root)).not.toContain('é'.repeat(128));
  });

  it(`creates at most ${NEW_LEVELS_MAX} missing levels, and nothing when more are missing`, () => {
    const deep = join(root, 'deep', ...Array.from({ length: NEW_LEVELS_MAX }, (_, i) => String(i)));
    expect(() => ensureFolder(deep, 'output folder deep/…')).toThrow(new RegExp(`more than ${NEW_LEVELS_MAX} of its folders are missing`));
    expect(existsSync(join(root, 'deep'))).toBe(false);
  });

  it('refuses a folder it cannot write into (sysfs: not writable for a user, EPERM even for root), creating nothing', () => {
    expect(() => ensureFolder('/sys/cutpoint-no-such', 'output folder /sys/cutpoint-no-such')).toThrow(
      /^cannot create output folder \/sys\/cutpoint-no-such: (\/sys is not writable|\/sys\/cutpoint-no-such: operation not permitted)/,
    );
    expect(existsSync('/sys/cutpoint-no-such')).toBe(false);
  });
});
