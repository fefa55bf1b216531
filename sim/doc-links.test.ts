import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, REPO } from './testing/doc-pages.js';

/** Every relative link and image of a page, with the file it points to from the repository's root. */
function relativeTargets(path: string, text: string): { link: string; target: string }[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((link) => !/^[a-z]+:/.test(link) && !link.startsWith('#'))
    .map((link) => ({ link, target: join(dirname(path), link.replace(/#.*$/, '')) }));
}

describe('links between README and docs/', () => {
  it('every relative link and image points to a file that exists', () => {
    const pages = docPages({ withHistory: true });
    const links = pages.flatMap(({ path, text }) => relativeTargets(path, text).map((found) => ({ path, ...found })));
    expect(links.length).toBeGreaterThan(50);
    const broken = links.filter(({ target }) => !existsSync(join(REPO, target))).map(({ path, link }) => `${path}: ${link}`);
    expect(broken).toEqual([]);
  });

  it('reads a link as a path from its page, so a moved page breaks its links', () => {
    expect(relativeTargets('docs/how-to/ci.md', 'see [shards](../explanation/parallelism.md#shards) and ![chart](effects.png)')).toEqual([
      { link: '../explanation/parallelism.md#shards', target: 'docs/explanation/parallelism.md' },
      { link: 'effects.png', target: 'docs/how-to/effects.png' },
    ]);
  });
});
