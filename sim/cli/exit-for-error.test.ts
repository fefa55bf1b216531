import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../engine/input-error.js';
import { tempFolder } from '../testing/temp-folder.js';
import { cutpointWithoutBinding } from '../testing/without-binding.js';
import { main } from './main.js';
import { exitForError } from './exit-for-error.js';

const root = tempFolder('exit-for-error');
const withoutBinding = tempFolder('without-binding');
const { sim } = cutpointWithoutBinding(withoutBinding);
/** better-sqlite3 with no compiled binding, as after an install that skipped its install script. */
const BindinglessDatabase = createRequire(join(withoutBinding, 'package.json'))('better-sqlite3') as typeof Database;
const bindingSays =
  /^sim: better-sqlite3's native binding cannot be loaded \(Could not locate the bindings file\): build it in your project with `npm rebuild better-sqlite3` .*`npm approve-scripts better-sqlite3`/;

/** The error a real call throws: every case below is the machine's own answer, not a hand-made object. */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('the call was expected to throw');
}

describe("exitForError: a user's mistake or machine is exit 2 in one line, anything else exit 3 with the stack", () => {
  it.each([
    {
      what: 'a full disk (ENOSPC, from /dev/full)',
      error: () => thrownBy(() => writeFileSync('/dev/full', 'x')),
      says: /^sim: cannot write: no space left on the device/,
    },
    {
      what: 'a name too long for a file name (ENAMETOOLONG)',
      error: () => thrownBy(() => mkdirSync(join(root, 'n'.repeat(300)))),
      says: /^sim: cannot mkdir .*n{20}.*: a name in the path is too long for a file name/,
    },
    {
      what: 'a folder opened as a database file (SQLITE_CANTOPEN)',
      error: () => thrownBy(() => new Database(root)),
      says: /^sim: a database file cannot be used: unable to open database file \(SQLITE_CANTOPEN\)\n$/,
    },
    {
      what: "better-sqlite3's native binding missing",
      error: () => thrownBy(() => new BindinglessDatabase(':memory:')),
      says: bindingSays,
    },
    { what: 'an InputError', error: () => new InputError('the sentence the user sees'), says: /^sim: the sentence the user sees\n$/ },
  ])('$what → exit 2, one line', ({ error, says }) => {
    const outcome = exitForError(error());
    expect(outcome.code).toBe(2);
    expect(outcome.text).toMatch(says);
    expect(outcome.text.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a TypeError of our own is exit 3, with its stack and a request to report it', () => {
    const bug = thrownBy(() => (null as unknown as { seq: number }).seq);
    const outcome = exitForError(bug);
    expect(outcome.code).toBe(3);
    expect(outcome.text).toMatch(/^sim: internal error: this is a bug in cutpoint, please report it/);
    expect(outcome.text).toMatch(/TypeError: Cannot read properties of null \(reading 'seq'\)\n\s+at /);
  });

  it('through main: an error no command understood returns 3 and prints the stack, not the exit 2 of bad input', async () => {
    let stderr = '';
    const code = await main(['--version'], {
      stdout: () => {
        throw new RangeError('a writer of ours broke');
      },
      stderr: (text) => (stderr += text),
      cwd: root,
      isTty: false,
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(/please report it[^\n]*\nRangeError: a writer of ours broke\n\s+at /);
  });
});

describe("sim with better-sqlite3's native binding missing", () => {
  it.each([['table'], ['check', 'dedup-safety', '--runs', '5', '--seed', '1']])(
    'sim %s is exit 2 with how to build the binding, before any run',
    (...args: string[]) => {
      const out = join(withoutBinding, 'runs');
      const result = spawnSync(process.execPath, [sim, ...args, '--out', out], { encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr).toMatch(bindingSays);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.status).toBe(2);
      expect(existsSync(out)).toBe(false);
    },
  );
});

describe('sim --version', () => {
  it("prints package.json's version and exits 0", async () => {
    let stdout = '';
    const code = await main(['--version'], { stdout: (text) => (stdout += text), stderr: () => undefined, cwd: root, isTty: false });
    const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string };
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });
});
