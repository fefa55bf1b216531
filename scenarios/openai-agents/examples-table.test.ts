import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../sim/engine/run-case.js';
import { openaiAgentsFamily } from '../../sim/families/openai-agents/family.js';
import { toolIntention } from '../../protocols/receivers/tool-calls.js';
import { handoverIntention } from '../../sim/families/openai-agents/workload.js';
import { rowsIn } from '../../sim/families/openai-agents/testing/rows-in.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_OPENAI_AGENTS_TABLE } from './expected-table.js';

const folder = tempFolder('openai-agents-examples');
const family = openaiAgentsFamily as unknown as AnyFamily;
const REFUND = toolIntention('refund_order', { order_id: '42' });
const HANDOVER = handoverIntention('order-42');

describe('the example agents, each crashed at every classic cut, refunds and tickets read from effects.db and human-queue.db', () => {
  it('the examples are the catalogue, and the table names its four cuts', () => {
    expect(openaiAgentsFamily.protocols.map(({ protocol }) => protocol.name).sort()).toEqual(Object.keys(EXPECTED_OPENAI_AGENTS_TABLE).sort());
    expect(openaiAgentsFamily.cuts.map((cut) => cut.name)).toEqual(['approval-decided', 'effect-applied', 'state-save', 'state-saved']);
  });

  for (const { protocol } of openaiAgentsFamily.protocols) {
    const expected = EXPECTED_OPENAI_AGENTS_TABLE[protocol.name];
    it(`${protocol.name}: refunds ${expected?.refunds.join(' ')}, tickets ${expected?.tickets.join(' ')} at the cuts`, async () => {
      const faultFree = await runCase({ family, protocol, folder: join(folder, protocol.name, 'none'), cut: null });
      expect(faultFree.error).toBeUndefined();
      expect({
        refunds: rowsIn(faultFree.files.stores.effects, 'effects', REFUND),
        tickets: rowsIn(faultFree.files.stores['human-queue'], 'tickets', HANDOVER),
      }).toEqual(expected?.faultFree);
      const refunds: number[] = [];
      const tickets: number[] = [];
      for (const cut of openaiAgentsFamily.cuts) {
        const result = await runCase({ family, protocol, folder: join(folder, protocol.name, cut.name), cut: { index: null, name: cut.name } });
        expect(result.error, `${protocol.name} at ${cut.name}`).toBeUndefined();
        // The fault fired: the first life crashed at this cut, and a later life finished the conversation.
        expect(result.lives[0]).toMatchObject({ ended: 'crashed', crash: { cut: cut.name, life: 0 } });
        expect(result.end).toEqual({ kind: 'completed' });
        refunds.push(rowsIn(result.files.stores.effects, 'effects', REFUND));
        tickets.push(rowsIn(result.files.stores['human-queue'], 'tickets', HANDOVER));
        expect(result.effects['act-1']).toBe(refunds.at(-1));
        expect(result.metrics.tickets).toBe(tickets.at(-1));
      }
      expect(refunds).toEqual(expected?.refunds);
      expect(tickets).toEqual(expected?.tickets);
    }, 120_000);
  }
});
