import { describe, expect, it } from 'vitest';
import { PLAN_ORCHESTRATOR_SCHEMA } from '../../sim/families/plan/sqlite-checkpoint.js';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { noReceipt } from '../receivers/no-receipt.js';
import { PLAN_CONTRACTS, planProtocolFromModule } from './module-shape.js';

/** Fixtures of what a user's plan-loop module may export, good and bad: each bad one gets its own sentence. */
const WHERE = 'plans/mine.ts';
const good = {
  name: 'my-loop-2',
  summary: 'mine',
  toolContract: 'no-receipt',
  runs: 0,
  async run() {
    // Bound to its module object: a loop that keeps state on `this` keeps it when called as protocol.run(ctx).
    this.runs += 1;
    return 'completed' as const;
  },
};

describe('planProtocolFromModule', () => {
  it('completes a default export: a contract by name, the family’s own tables when no schema is given, run bound to its object', async () => {
    const protocol = planProtocolFromModule({ default: good }, WHERE);
    expect(PLAN_CONTRACTS).toEqual([atomicReceipt, noReceipt]);
    expect(protocol).toMatchObject({
      name: 'my-loop-2',
      summary: 'mine',
      toolContract: noReceipt,
      orchestratorSchema: PLAN_ORCHESTRATOR_SCHEMA,
    });
    if (typeof protocol === 'string') throw new Error(protocol);
    const { run } = protocol;
    await run({} as never);
    expect(good.runs).toBe(1);
  });

  it('takes `export const protocol`, a contract object of its own, a schema of its own, and fills a missing summary', () => {
    const toolContract = { name: 'own', summary: 'own', handle: async () => ({ status: 'unavailable' as const }) };
    const protocol = planProtocolFromModule(
      { protocol: { name: 'p', toolContract, orchestratorSchema: 'CREATE TABLE t (x);', run: good.run } },
      WHERE,
    );
    expect(protocol).toMatchObject({ name: 'p', summary: '(no summary)', toolContract, orchestratorSchema: 'CREATE TABLE t (x);' });
    expect(
      planProtocolFromModule({ default: { ...good, toolContract: 'atomic-receipt' }, protocol: { name: 'other' } }, WHERE),
    ).toMatchObject({
      name: 'my-loop-2',
      toolContract: atomicReceipt,
    });
  });

  it('says what is wrong in one sentence: no protocol, a bad name, no run, an unknown or handle-less contract', () => {
    const none = `${WHERE} exports no protocol: export default (or export const protocol) an object with name, summary, toolContract and run`;
    expect(planProtocolFromModule({}, WHERE)).toBe(none);
    expect(planProtocolFromModule({ default: 'a string' }, WHERE)).toBe(none);
    expect(planProtocolFromModule({ default: null, protocol: 7 }, WHERE)).toBe(none);
    const badName = `${WHERE}: the protocol's name must be lower-case letters, digits and dashes`;
    expect(planProtocolFromModule({ default: { ...good, name: 'My Loop' } }, WHERE)).toBe(badName);
    expect(planProtocolFromModule({ default: { ...good, name: '-loop' } }, WHERE)).toBe(badName);
    expect(planProtocolFromModule({ default: { ...good, name: 'loop!' } }, WHERE)).toBe(badName);
    expect(planProtocolFromModule({ default: { ...good, name: 3 } }, WHERE)).toBe(badName);
    expect(planProtocolFromModule({ default: { ...good, run: 'later' } }, WHERE)).toBe(
      `${WHERE}: protocol 'my-loop-2' has no run(ctx) function`,
    );
    const noContract = `${WHERE}: protocol 'my-loop-2' needs a toolContract: one of atomic-receipt, no-receipt, or an object with handle(side, request)`;
    expect(planProtocolFromModule({ default: { ...good, toolContract: 'receipt' } }, WHERE)).toBe(noContract);
    expect(planProtocolFromModule({ default: { ...good, toolContract: { name: 'x' } } }, WHERE)).toBe(noContract);
    expect(planProtocolFromModule({ default: { ...good, toolContract: undefined } }, WHERE)).toBe(noContract);
  });
});
