import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCase, type AnyFamily } from '../../sim/engine/run-case.js';
import { langgraphFamily } from '../../sim/families/langgraph/family.js';
import { TABLE_INTENTION } from '../../sim/families/langgraph/workload.js';
import { tempFolder } from '../../sim/testing/temp-folder.js';
import { EXPECTED_LANGGRAPH_TABLE } from './expected-table.js';
import { effectsFor } from '../../sim/families/langgraph/testing/user-project.js';

const folder = tempFolder('langgraph-examples');
const family = langgraphFamily as unknown as AnyFamily;

/** N as the receiver's own file holds it: rows of its effects table for the email's intention. */
const emailsIn = (effectsDb: string) => effectsFor(effectsDb, TABLE_INTENTION);

describe('the example graphs, each crashed at every classic cut right after its first email, N read from effects.db', () => {
  it('the examples are the catalogue, and the table names its three cuts', () => {
    expect(langgraphFamily.protocols.map(({ protocol }) => protocol.name).sort()).toEqual(Object.keys(EXPECTED_LANGGRAPH_TABLE).sort());
    expect(langgraphFamily.cuts.map((cut) => cut.name)).toEqual(['effect-applied', 'writes-put', 'writes-saved']);
  });

  for (const { protocol } of langgraphFamily.protocols) {
    const expected = EXPECTED_LANGGRAPH_TABLE[protocol.name];
    it(`${protocol.name}: emails ${expected?.emails.join(' ')} at the cuts, ${expected?.faultFree} without a crash`, async () => {
      const faultFree = await runCase({ family, protocol, folder: join(folder, protocol.name, 'none'), cut: null });
      expect(faultFree.error).toBeUndefined();
      expect(emailsIn(faultFree.files.stores.effects ?? '')).toBe(expected?.faultFree);
      const emails: number[] = [];
      const resumes: number[] = [];
      for (const cut of langgraphFamily.cuts) {
        const result = await runCase({
          family,
          protocol,
          folder: join(folder, protocol.name, cut.name),
          cut: { index: null, name: cut.name },
        });
        expect(result.error, `${protocol.name} at ${cut.name}`).toBeUndefined();
        // The fault fired: the first life crashed at this cut, and a later life finished the thread.
        expect(result.lives[0]).toMatchObject({ ended: 'crashed', crash: { cut: cut.name, life: 0 } });
        expect(result.end).toEqual({ kind: 'completed' });
        emails.push(emailsIn(result.files.stores.effects ?? ''));
        resumes.push(result.metrics.resumes ?? -1);
        expect(result.effects[TABLE_INTENTION]).toBe(emails.at(-1));
      }
      expect(emails).toEqual(expected?.emails);
      expect(resumes).toEqual(expected?.resumes);
    }, 60_000);
  }
});
