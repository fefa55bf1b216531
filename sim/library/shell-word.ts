/** Quotes one word for a POSIX shell only when it needs it, so a replay line stays copy-paste safe. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
