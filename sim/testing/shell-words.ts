/**
 * The words a POSIX shell makes of a printed command line with plain words
 * and single-quoted ones (as `simCommandLine` prints them), for tests that
 * run a printed replay line as a user would paste it. Anything else a shell
 * understands (double quotes, `$`, globs) is refused, so a line that would
 * need them fails the test instead of being read differently.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (char === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (char === '\\' && line[i + 1] === "'") {
      word = (word ?? '') + "'";
      i++;
    } else if (/["$`*?\\;&|<>(){}~]/.test(char)) {
      throw new Error(`a character the shell would read specially, unquoted: ${char} in ${line}`);
    } else word = (word ?? '') + char;
  }
  if (word !== null) words.push(word);
  return words;
}
