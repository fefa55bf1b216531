/** Characters a POSIX shell passes through unchanged in a word: no quoting needed. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;

/**
 * One word as a POSIX shell reads it back unchanged: plain words as they are,
 * anything else in single quotes, a single quote inside as '\''. An empty
 * word is '' (a schedule with no departures is one).
 */
export function shellQuote(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A replay line a user can paste into a shell in the same folder: `npx sim`
 * and the words, each quoted as the shell needs.
 */
export function simCommandLine(words: readonly string[]): string {
  return ['npx', 'sim', ...words].map(shellQuote).join(' ');
}
