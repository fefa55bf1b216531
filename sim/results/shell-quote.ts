/** Quotes one word for a POSIX shell only when it needs it, so a replay line stays copy-paste safe. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A replay line a user can paste into a shell in the same folder: `npx sim`
 * and the words, each quoted as the shell needs (the same quoting as
 * `sim check`'s replay lines and the library's).
 */
export function simCommandLine(words: readonly string[]): string {
  return ['npx', 'sim', ...words].map(shellWord).join(' ');
}
