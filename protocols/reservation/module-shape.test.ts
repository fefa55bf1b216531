import { describe, expect, it } from 'vitest';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { CONTRACTS } from '../receivers/contracts.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import { protocolFromModule } from './module-shape.js';

/** Fixtures of what a user's protocol module may export, good and bad: each bad one gets its own sentence. */
const submit = async () => {};
const relay = async () => {};
const good = { name: 'my-protocol-2', summary: 'mine', contract: 'atomic-receipt', submit, relay };
const WHERE = 'protocols/mine.ts';

describe('protocolFromModule', () => {
  it('completes a default export: a built-in contract by name, the built-in local schema when left out', () => {
    expect(protocolFromModule({ default: good }, WHERE)).toEqual({
      name: 'my-protocol-2',
      summary: 'mine',
      contract: atomicReceipt,
      localSchema: LOCAL_SCHEMA,
      submit,
      relay,
    });
  });

  it('takes `export const protocol`, a contract object of its own, a custom localSchema, and fills a missing summary', () => {
    const contract = { name: 'own', summary: 'own contract', handle: async () => ({ status: 'unavailable' as const }) };
    const custom = 'CREATE TABLE mine (x INTEGER);';
    const protocol = protocolFromModule({ protocol: { name: 'p', contract, localSchema: custom, submit, relay } }, WHERE);
    expect(protocol).toEqual({ name: 'p', summary: '(no summary)', contract, localSchema: custom, submit, relay });
  });

  it('prefers the default export to `protocol`, and unwraps a CommonJS module’s exports once', () => {
    expect(protocolFromModule({ default: good, protocol: { ...good, name: 'other' } }, WHERE)).toMatchObject({ name: 'my-protocol-2' });
    expect(protocolFromModule({ default: { default: good } }, WHERE)).toMatchObject({ name: 'my-protocol-2' });
    expect(protocolFromModule({ default: { protocol: good } }, WHERE)).toMatchObject({ name: 'my-protocol-2' });
    // An object with submit is the protocol itself, whatever other fields it has: it is not unwrapped.
    expect(protocolFromModule({ default: { ...good, protocol: { name: 'inner' } } }, WHERE)).toMatchObject({ name: 'my-protocol-2' });
  });

  it('says a module without a protocol object exports none', () => {
    const none = `${WHERE} exports no protocol: export default (or export const protocol) an object with name, summary, contract, submit and relay`;
    expect(protocolFromModule({}, WHERE)).toBe(none);
    expect(protocolFromModule({ default: null }, WHERE)).toBe(none);
    expect(protocolFromModule({ default: 'mark-first' }, WHERE)).toBe(none);
    expect(protocolFromModule({ default: submit }, WHERE)).toBe(none);
  });

  it.each([['My-Protocol'], ['-leading-dash'], ['has space'], ['under_score'], [''], [42]])('refuses the name %j', (name) => {
    expect(protocolFromModule({ default: { ...good, name } }, WHERE)).toBe(
      `${WHERE}: the protocol's name must be lower-case letters, digits and dashes`,
    );
  });

  it('refuses a name with anything around the allowed letters', () => {
    expect(protocolFromModule({ default: { ...good, name: 'ok\nBAD' } }, WHERE)).toMatch(/name must be/);
    expect(protocolFromModule({ default: { ...good, name: 'BAD\nok' } }, WHERE)).toMatch(/name must be/);
    expect(protocolFromModule({ default: { ...good, name: '0-starts-with-digit' } }, WHERE)).toMatchObject({ name: '0-starts-with-digit' });
  });

  it('refuses a protocol without submit or relay, naming the one missing', () => {
    const { relay: _relay, ...noRelay } = good;
    expect(protocolFromModule({ default: noRelay }, WHERE)).toBe(`${WHERE}: protocol 'my-protocol-2' has no relay(ctx, ...) function`);
    expect(protocolFromModule({ default: { ...good, submit: 'yes' } }, WHERE)).toBe(
      `${WHERE}: protocol 'my-protocol-2' has no submit(ctx, ...) function`,
    );
  });

  it('refuses an unknown contract name, a missing contract and one without handle, listing the built-ins', () => {
    const message = `${WHERE}: protocol 'my-protocol-2' needs a contract: one of ${CONTRACTS.map((c) => c.name).join(', ')}, or an object with handle(side, request)`;
    expect(message).toContain('no-receipt, atomic-receipt, tenantless-receipt');
    expect(protocolFromModule({ default: { ...good, contract: 'no-such-contract' } }, WHERE)).toBe(message);
    expect(protocolFromModule({ default: { ...good, contract: undefined } }, WHERE)).toBe(message);
    expect(protocolFromModule({ default: { ...good, contract: { name: 'x' } } }, WHERE)).toBe(message);
  });

  it('ignores a summary or localSchema that is not text', () => {
    const protocol = protocolFromModule({ default: { ...good, summary: 3, localSchema: { sql: 'x' } } }, WHERE);
    expect(protocol).toMatchObject({ summary: '(no summary)', localSchema: LOCAL_SCHEMA });
  });
});
