import { describe, expect, it } from 'vitest';
import { orchestratorStore } from '../../sim/testing/protocol-context.js';
import { lineIntentionId, lineKey, lineOutcome, linesOf, linesRequest, linesResult } from './request-lines.js';

describe('linesRequest', () => {
  it('spells the lines out in part, counts them in qty, and keeps a copy of each line', () => {
    const lines = [
      { part: 'bolt', qty: 1 },
      { part: 'gear', qty: 2 },
    ];
    const request = linesRequest('tenantA', 'k1', lines);
    expect(request).toEqual({ tenant: 'tenantA', key: 'k1', params: { part: 'bolt x1 + gear x2', qty: 2, lines } });
    expect(request.params.lines?.[0]).not.toBe(lines[0]);
    expect(linesRequest('tenantA', 'k1', [{ part: 'bolt', qty: 3 }]).params).toEqual({
      part: 'bolt x3',
      qty: 1,
      lines: [{ part: 'bolt', qty: 3 }],
    });
  });

  it('names a line’s key and its oracle tag by the intention and the line’s number', () => {
    expect(lineKey('k1', 2)).toBe('k1#2');
    expect(lineIntentionId('tenantA:k1', 3)).toBe('tenantA:k1#3');
  });
});

describe('lineOutcome', () => {
  it('settles a line applied, refused for good, rejected or stale, and leaves it unknown otherwise', () => {
    expect(lineOutcome({ status: 'ok', reservationId: 4, replayed: true })).toEqual({ status: 'applied', result: '{"reservationId":4}' });
    expect(lineOutcome({ status: 'refused', reason: 'unknown-part', definitive: true })).toEqual({
      status: 'refused',
      result: '{"refused":"unknown-part"}',
    });
    expect(lineOutcome({ status: 'rejected', reason: 'params-mismatch' })).toEqual({
      status: 'refused',
      result: '{"rejected":"params-mismatch"}',
    });
    expect(lineOutcome({ status: 'stale' })).toEqual({ status: 'refused', result: '{"refused":"stale"}' });
    expect(lineOutcome({ status: 'refused', reason: 'out-of-stock', definitive: false, retryAfterMs: 5 })).toBeUndefined();
    expect(lineOutcome({ status: 'unavailable' })).toBeUndefined();
    expect(lineOutcome({ status: 'no-reply' })).toBeUndefined();
    expect(lineOutcome({ status: 'accepted' })).toBeUndefined();
  });
});

describe('linesOf and linesResult', () => {
  it('read one intention’s lines in their order, and its result as each line’s outcome by number', () => {
    const db = orchestratorStore();
    db.prepare(
      `INSERT INTO intentions (id, tenant, key, part, qty, status, issued_at_ms) VALUES (1, 't', 'k1', 'x', 2, 'pending', 0)`,
    ).run();
    db.prepare(
      `INSERT INTO intentions (id, tenant, key, part, qty, status, issued_at_ms) VALUES (2, 't', 'k2', 'x', 1, 'pending', 0)`,
    ).run();
    const line = db.prepare(
      'INSERT INTO intention_lines (intention_id, line_no, line_key, part, qty, status, result) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    line.run(1, 2, 'k1#2', 'gear', 2, 'pending', null);
    line.run(2, 1, 'k2#1', 'nut', 1, 'applied', '{"reservationId":9}');
    line.run(1, 1, 'k1#1', 'bolt', 1, 'applied', '{"reservationId":3}');
    expect(linesOf(db, 1)).toEqual([
      { lineNo: 1, lineKey: 'k1#1', part: 'bolt', qty: 1, status: 'applied' },
      { lineNo: 2, lineKey: 'k1#2', part: 'gear', qty: 2, status: 'pending' },
    ]);
    expect(JSON.parse(linesResult(db, 1))).toEqual({
      lines: [
        { line: 1, status: 'applied', reservationId: 3 },
        { line: 2, status: 'pending' },
      ],
    });
    expect(linesResult(db, 3)).toBe('{"lines":[]}');
  });
});
