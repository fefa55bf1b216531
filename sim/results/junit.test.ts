import { describe, expect, it } from 'vitest';
import { parseStrictXml } from '../testing/strict-xml.js';
import { junitXml } from './junit.js';

const NASTY = `N=2 for "a" & <b> 'c'\n\ttab, bell \u0007, escape \u001b, lone \uD800 surrogate, ]]> end`;

describe('junitXml', () => {
  it('groups cases into suites with their tallies, and reads back as the same values', () => {
    const xml = junitXml('sim table', [
      { suite: 'outbox-dedup', name: 'cut 0 before-intent', passed: true, timeMs: 12 },
      { suite: 'outbox-dedup', name: 'cut 1 intent-recorded', passed: false, message: 'N=2, expected 1', timeMs: 8 },
      { suite: 'mark-first', name: 'cut 0 before-intent', passed: true, skipped: true, message: 'needs --tenant-header' },
    ]);
    const root = parseStrictXml(xml);
    expect(root).toMatchObject({
      name: 'testsuites',
      attributes: { name: 'sim table', tests: '3', failures: '1', skipped: '1', time: '0.020' },
    });
    expect(root.children.map((suite) => [suite.attributes.name, suite.attributes.tests, suite.attributes.failures])).toEqual([
      ['outbox-dedup', '2', '1'],
      ['mark-first', '1', '0'],
    ]);
    const failed = root.children[0]!.children[1]!;
    expect(failed.attributes).toMatchObject({ classname: 'outbox-dedup', name: 'cut 1 intent-recorded', time: '0.008' });
    expect(failed.children[0]).toMatchObject({ name: 'failure', attributes: { message: 'N=2, expected 1' }, text: 'N=2, expected 1' });
    expect(root.children[1]!.children[0]!.children[0]).toMatchObject({ name: 'skipped', attributes: { message: 'needs --tenant-header' } });
  });

  it('escapes every markup character and replaces what XML 1.0 cannot hold, in names and messages alike', () => {
    const xml = junitXml(NASTY, [{ suite: NASTY, name: NASTY, passed: false, message: NASTY }]);
    const root = parseStrictXml(xml);
    const kept = NASTY.replace(/[\u0007\u001b\uD800]/g, '\uFFFD');
    expect(root.attributes.name).toBe(kept);
    const testCase = root.children[0]!.children[0]!;
    expect(testCase.attributes.name).toBe(kept);
    expect(testCase.children[0]!.text).toBe(kept);
    expect(testCase.children[0]!.attributes.message).toBe(kept.split('\n')[0]);
  });

  it('the strict reader itself refuses what is not well-formed, so a parse that succeeds proves something', () => {
    for (const bad of [
      '<a>&</a>',
      '<a><b></a></b>',
      '<a x="1" x="2"/>',
      '<a>x < y</a>',
      '<a>\u0007</a>',
      '<a/><b/>',
      '<a>',
      '<a>&nbsp;</a>',
    ]) {
      expect(() => parseStrictXml(bad), bad).toThrow();
    }
  });
});
