import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '../..');

/** The file name of the planted rare flaw, written into a test's folder by writeRareFlaw. */
export const RARE = 'rare-new-key.ts';

/**
 * Writes into `cwd` the README's example protocol against atomic receipts,
 * with one planted flaw: for one rare intention (tenantB's k3, three of them)
 * every send mints a new key, so a resend of it is a second reservation. With
 * seed 1 its first chunk of 100 runs holds and the second fails: a property
 * that fails on some seeds only, so a check must find the failure in the right chunk.
 */
export function writeRareFlaw(cwd: string): void {
  writeFileSync(join(cwd, 'package.json'), '{"type":"module"}');
  const example = readFileSync(join(REPO, 'protocols/examples/my-protocol.ts'), 'utf8')
    .replace("from '../families/reservation/module-shape.js'", `from '${join(REPO, 'protocols/reservation/module-shape.js')}'`)
    .replace("name: 'my-split-confirm'", "name: 'rare-new-key'")
    .replace(
      '        key: row.key,\n',
      "        key: row.tenant === 'tenantB' && row.key === 'k3' && row.qty === 3 ? `${row.key}@${ctx.nowMs()}` : row.key,\n",
    );
  if (!example.includes('@${ctx.nowMs()}')) throw new Error('the example protocol changed: plant the flaw anew');
  writeFileSync(join(cwd, RARE), example);
}
