import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refundModule } from './testing/user-project.js';

const README = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');

describe("README's own graph module", () => {
  it('is the module user-module.test.ts runs under sim table, in kill mode and with --cuts all (row 2 2 1)', () => {
    expect(README).toContain('```ts\n' + refundModule() + '```');
    expect(README).toContain('npx sim table --protocol my-graph.ts                     # 2 2 1');
  });
});
