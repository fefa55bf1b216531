import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The repository's root folder. */
export const REPO = resolve(import.meta.dirname, '../..');

/** A documentation page's text, by its path from the repository's root (`docs/reference/commands.md`). */
export function readDoc(path: string): string {
  return readFileSync(join(REPO, path), 'utf8');
}

/** Pages written by a tool, not by hand: what they say comes from the code, which other tests check. */
const GENERATED = ['docs/reference/cli.md', 'docs/reference/api/'];

/**
 * README and every page under docs/ as a reader finds them, with their paths: the pages a user copies
 * commands from and that must describe the code as it is. `withHistory` adds docs/history/, the logs of
 * how it came to be, which keep the past tense and commands as they were then.
 */
export function docPages(options: { withHistory?: boolean } = {}): { path: string; text: string }[] {
  const paths = ['README.md', ...markdownUnder(join(REPO, 'docs'))];
  return paths
    .filter((path) => !GENERATED.some((generated) => path.startsWith(generated)))
    .filter((path) => options.withHistory === true || !path.startsWith('docs/history/'))
    .map((path) => ({ path, text: readDoc(path) }));
}

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)))
    .sort();
}

/** The first fenced block of `language` after `heading` in a page: the code a reader copies from that section. */
export function codeBlockAfter(page: string, heading: string, language = 'ts'): string {
  const text = readDoc(page);
  const start = text.indexOf(`\n${heading}\n`);
  const block = start === -1 ? null : new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text.slice(start));
  if (!block?.[1]) throw new Error(`${page} has no \`\`\`${language} block after '${heading}'`);
  return block[1];
}
