import { fileURLToPath } from 'node:url';

/**
 * The path of a compiled entry module to start as a child process, given its
 * URL relative to the caller (`new URL('./life-child.js', import.meta.url)`).
 * Run from dist/ that is the file itself. Under vitest the caller is the
 * TypeScript source, which Node cannot start, so the same module in dist/ is
 * used: the tests' global setup compiles dist/ before any test runs.
 */
export function compiledEntry(url: URL): string {
  const path = fileURLToPath(url);
  const source = /^(.*)\/((?:sim|entry)\/.*)\.js$/.exec(path);
  if (!source || !import.meta.url.endsWith('.ts')) return path;
  return `${source[1]}/dist/${source[2]}.js`;
}
