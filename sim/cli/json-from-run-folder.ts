import { join, resolve } from 'node:path';
import { readTextFile } from '../results/read-text-file.js';
import { displayPath } from '../results/run-folder.js';
import { isStoredVerdictWord, readStoredVerdict } from '../engine/verdict.js';
import type { Io } from './io.js';

/** The line every command that writes a run folder ends its text with. */
const RUN_FOLDER_LINE = /^run folder: (.+)$/m;

/**
 * `--format json` for a command whose text report ends with `run folder: X`
 * and whose results are X/results.json: the command writes its text to
 * stderr (where a person still reads it), and the one document on stdout is
 * that results.json with the run folder, read back as written (a verdict in
 * an older word as its Verdict). One place for the JSON of check runs of
 * every family, whichever code prints their text.
 */
export function jsonFromRunFolder(io: Io): { textIo: Io; document(): Record<string, unknown> } {
  let runFolder: string | undefined;
  const textIo: Io = {
    ...io,
    stdout: (text) => {
      runFolder = RUN_FOLDER_LINE.exec(text)?.[1] ?? runFolder;
      io.stderr(text);
    },
  };
  return {
    textIo,
    document: () => {
      if (runFolder === undefined) throw new Error('the command printed no run folder, so there is no results.json to print as JSON');
      const folder = resolve(io.cwd, runFolder);
      const results = JSON.parse(readTextFile(join(folder, 'results.json'))) as Record<string, unknown>;
      const { verdict } = results;
      return {
        ...results,
        ...(isStoredVerdictWord(verdict) ? { verdict: readStoredVerdict(verdict) } : {}),
        runFolder: displayPath(folder, io.cwd),
      };
    },
  };
}
