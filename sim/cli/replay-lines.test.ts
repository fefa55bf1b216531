import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.js';
import { shellWords } from '../testing/shell-words.js';
import { tempFolder } from '../testing/temp-folder.js';
import { shellWord as shellQuote } from '../results/shell-quote.js';

const REPO = resolve(import.meta.dirname, '../..');
const cwd = tempFolder('replay-lines');
/** A folder name a shell would split and a quote it would swallow: the replay line must survive both. */
const AWKWARD = "my dir/it's here";
const protocolFile = join(AWKWARD, 'no-receipt.ts');
const out = join('out dir', "o'clock");

/** The README's example protocol against a warehouse without receipts: every resend is a second reservation. */
function writeFlawedProtocol(): void {
  mkdirSync(join(cwd, AWKWARD), { recursive: true });
  // An ES module project, as the README's user has: a .ts file under a folder without "type": "module" is not loaded by sim check's watched child yet.
  writeFileSync(join(cwd, 'package.json'), '{"type":"module"}');
  const example = readFileSync(join(REPO, 'protocols/examples/my-protocol.ts'), 'utf8')
    .replace("from '../families/reservation/module-shape.js'", `from '${join(REPO, 'protocols/reservation/module-shape.js')}'`)
    .replace("name: 'my-split-confirm'", "name: 'my-no-receipt'")
    .replace("contract: 'atomic-receipt'", "contract: 'no-receipt'");
  writeFileSync(join(cwd, protocolFile), example);
}

/** The printed replay line as a shell would split it, without its `npx sim`. */
function pasted(line: string): string[] {
  const [npx, sim, ...words] = shellWords(line);
  expect([npx, sim]).toEqual(['npx', 'sim']);
  return words;
}

describe('replay lines are copy-paste safe', () => {
  it('quotes only what a shell would read otherwise', () => {
    expect(shellQuote('12:0:3')).toBe('12:0:3');
    expect(shellQuote('')).toBe("''");
    expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
    expect(shellWords(`a ${shellQuote("it's here")} ${shellQuote('')} b`)).toEqual(['a', "it's here", '', 'b']);
  });

  it('sim check --protocol FILE: the printed line, pasted, replays the same duplicate from the same files', async () => {
    writeFlawedProtocol();
    const first = await runCli(
      ['check', 'dedup-safety', '--protocol', protocolFile, '--runs', '100', '--seed', '7', '--store', 'file', '--out', out],
      cwd,
    );
    expect(first.code).toBe(1);
    const line = /replay: (npx sim check .*)$/m.exec(first.stdout)![1]!;
    const words = pasted(line);
    expect(words).toEqual(expect.arrayContaining(['--protocol', protocolFile, '--out', out, '--store', 'file']));
    const replayed = await runCli(words, cwd);
    expect(replayed.code).toBe(1);
    const violation = /violation: (duplicate: N=2 for \S+)/.exec(replayed.stdout)![1]!;
    expect(first.stdout).toContain(violation.replace(/^duplicate: /, ''));
    expect(/kept: (.*) \(/.exec(replayed.stdout)![1]!.startsWith(out)).toBe(true);
  });

  it('sim explore --protocol FILE: the printed line, pasted, replays the violating schedule', async () => {
    writeFlawedProtocol();
    const first = await runCli(['explore', '--protocol', protocolFile, '--out', out], cwd);
    expect(first.code).toBe(1);
    const line = /replay: (npx sim explore .*)$/m.exec(first.stdout)![1]!;
    const words = pasted(line);
    expect(words).toEqual(expect.arrayContaining(['--protocol', protocolFile, '--out', out, '--crash-depth', '1']));
    const kind = /^ {2}(\w+): \d+ schedules?;/m.exec(first.stdout)![1]!;
    const replayed = await runCli(words, cwd);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(new RegExp(`violation: ${kind}: `));
  });
});
