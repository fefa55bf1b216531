import { describe, expect, it } from 'vitest';
import { outboxProtocol } from './outbox.js';
import { noReceipt } from '../receivers/no-receipt.js';
import {
  FLAWED_PROTOCOLS,
  PROTOCOLS,
  REPAIRED_PROTOCOLS,
  SEED_PROTOCOLS,
  findProtocol,
  protocolFile,
  protocolNames,
  registerProtocol,
} from './registry.js';

describe('the protocol registry', () => {
  it('lists the seed, flawed and repaired protocols under their names, each with its contract', () => {
    expect(SEED_PROTOCOLS.map((p) => p.name)).toEqual(['mark-first', 'outbox-no-dedup', 'outbox-dedup']);
    expect(FLAWED_PROTOCOLS.map((p) => [p.name, p.contract.name])).toEqual([
      ['receipt-then-effect', 'receipt-then-effect'],
      ['effect-then-receipt', 'effect-then-receipt'],
      ['check-then-act', 'check-then-act-receipt'],
      ['key-regenerated-on-resume', 'atomic-receipt'],
      ['tenant-less-receipt', 'tenantless-receipt'],
      ['outbox-delete-after-publish', 'no-receipt'],
      ['lease-side-store', 'side-store-lease'],
      ['async-accept', 'async-accept'],
      ['retry-definitive-refusals', 'atomic-receipt'],
      ['last-writer-wins', 'atomic-receipt'],
      ['resend-whole-new-key', 'atomic-receipt'],
      ['partial-is-done', 'atomic-receipt'],
    ]);
    expect(SEED_PROTOCOLS.map((p) => p.contract.name)).toEqual(['no-receipt', 'no-receipt', 'atomic-receipt']);
    expect(REPAIRED_PROTOCOLS.map((p) => [p.name, p.contract.name])).toEqual([['async-accept-reconciled', 'async-accept']]);
    expect(protocolNames()).toEqual(PROTOCOLS.map((p) => p.name));
    expect(PROTOCOLS).toHaveLength(16);
    for (const protocol of PROTOCOLS) expect(protocol.summary.length).toBeGreaterThan(20);
  });

  it('finds a registered protocol and the file it came from, and never lets one shadow a built-in', () => {
    const mine = outboxProtocol({ name: 'registry-test-protocol', summary: 'mine', contract: noReceipt });
    // Registration is process-wide and a test process may run this file again (Stryker does): match by content.
    registerProtocol(mine, '/tmp/mine.ts');
    expect(findProtocol('registry-test-protocol')).toMatchObject({ name: 'registry-test-protocol', summary: 'mine' });
    expect(protocolFile('registry-test-protocol')).toBe('/tmp/mine.ts');
    // Registering it again without a file keeps the file it came from.
    registerProtocol(mine);
    expect(protocolFile('registry-test-protocol')).toBe('/tmp/mine.ts');
    const impostor = outboxProtocol({ name: 'outbox-dedup', summary: 'not the real one', contract: noReceipt });
    registerProtocol(impostor);
    expect(findProtocol('outbox-dedup')).not.toBe(impostor);
    expect(protocolFile('outbox-dedup')).toBeUndefined();
    expect(findProtocol('no-such-protocol')).toBeUndefined();
  });
});
