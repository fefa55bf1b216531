import { describe, expect, it } from 'vitest';
import { canonical, renamings } from './symmetry.js';

describe('renaming interchangeable workers', () => {
  it('gives every permutation once, the identity first, and renames whole names only', () => {
    const all = renamings(['relay-1', 'relay-2', 'relay-3']);
    expect(all).toHaveLength(6);
    expect(all[0]!.text('relay-1 relay-2 relay-3')).toBe('relay-1 relay-2 relay-3');
    const images = new Set(all.map((renaming) => renaming.text('relay-1,relay-2,relay-3')));
    expect(images.size).toBe(6);
    expect(all[1]!.text('"relay-2" relay-21 xrelay-2 relay-2-b')).toBe('"relay-3" relay-21 xrelay-2 relay-2-b');
  });

  it('writes states equal up to a renaming as one text, and states that differ otherwise as two', () => {
    const names = ['relay-1', 'relay-2'];
    const state = (owner: string, idle: string) => (r: { text(t: string): string }) => r.text(`lease=${owner};idle=${idle}`);
    const a = canonical(names, state('relay-1', 'relay-2'));
    const b = canonical(names, state('relay-2', 'relay-1'));
    const c = canonical(names, state('relay-1', 'relay-1'));
    expect(a.text).toBe(b.text);
    expect(c.text).not.toBe(a.text);
    expect(b.renaming.name('relay-2')).toBe('relay-1');
  });
});
