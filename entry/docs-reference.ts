// `npm run docs:reference`: writes docs/reference/cli.md from the commander program the bin runs.
// The page is compared with a fresh rendering in sim/cli/cli-reference.test.ts.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const { buildProgram } = await import('../sim/cli/main.js');
const { renderCliReference } = await import('../sim/cli/cli-reference.js');

const silent = { stdout: () => {}, stderr: () => {}, cwd: process.cwd(), isTty: false };
const program = await buildProgram(silent, () => {});
// Run from the sources with tsx (tsconfig.build.json leaves it out of dist/ and the package), so the repository is one level up.
const page = resolve(import.meta.dirname, '..', 'docs', 'reference', 'cli.md');
writeFileSync(page, renderCliReference(program));
process.stdout.write(`wrote ${page}\n`);
