import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPH } from '../../sim/families/handover/graph.js';
import { decide } from '../../sim/families/handover/rules/decide.js';
import { CONVERSATION_SCHEMA } from '../../sim/families/handover/schema.js';
import { noticeLine } from './handover-effects.js';
import { handoverIntention } from './ticket.js';
import type { HandoverRow } from './store.js';
import { needMoreInfoLine, triageCall } from './triage-tool.js';

const HOUR_MS = 3_600_000;
const handover = (reason: string, target = 'human_nurse'): HandoverRow => ({
  conversation_id: 'c1',
  seq: 1,
  event_id: 'e1',
  from_agent: 'router',
  target,
  reason,
  summary: 's',
  key_facts: '[]',
  committed_at_ms: 0,
  ticket: null,
  notified: 0,
  returned_by: null,
});

describe("noticeLine: what the user is told at a handover and at the operator's return", () => {
  const at = (hour: number, reason = 'out_of_scope') => noticeLine(DEFAULT_GRAPH, handover(reason), 'promised', hour * HOUR_MS);
  const open = 'A person (a nurse on duty) will answer you within 120 minutes.';
  const closed = 'We are closed now; a person (a nurse on duty) will answer you from 8:00.';

  it('promises an answer within the time the person takes while open, from the hour the day starts, on any day', () => {
    expect(at(8)).toBe(open);
    expect(at(19.99)).toBe(open);
    expect(at(20)).toBe(closed);
    expect(at(7.99)).toBe(closed);
    expect(at(24 + 9)).toBe(open);
    expect(at(24 + 21)).toBe(closed);
  });

  it('rounds the wait to whole minutes', () => {
    const graph = { ...DEFAULT_GRAPH, humans: { human_nurse: { ...DEFAULT_GRAPH.humans.human_nurse!, answersWithinMs: 89_999 } } };
    expect(noticeLine(graph, handover('out_of_scope'), 'promised', 9 * HOUR_MS)).toBe(
      'A person (a nurse on duty) will answer you within 1 minutes.',
    );
    const longer = { ...graph, humans: { human_nurse: { ...graph.humans.human_nurse!, answersWithinMs: 90_000 } } };
    expect(noticeLine(longer, handover('out_of_scope'), 'promised', 9 * HOUR_MS)).toBe(
      'A person (a nurse on duty) will answer you within 2 minutes.',
    );
  });

  it('gives the urgent line for an unsafe or crisis handover, and says first that the assistant has trouble when the model is down', () => {
    expect(at(9, 'unsafe_to_continue')).toBe(`${open} If this is urgent, call 112 now.`);
    expect(at(22, 'crisis')).toBe(`${closed} If this is urgent, call 112 now.`);
    expect(at(9, 'model_unavailable')).toBe(`We are having trouble answering here. ${open}`);
    expect(at(9, 'step_limit')).toBe(open);
  });

  it('tells the user the assistant is back at the return, and names a target that is no person of the graph', () => {
    expect(noticeLine(DEFAULT_GRAPH, handover('out_of_scope'), 'returned', 9 * HOUR_MS)).toBe(
      'A person (a nurse on duty) has answered you; our assistant is with you again.',
    );
    expect(noticeLine(DEFAULT_GRAPH, handover('out_of_scope', 'billing'), 'promised', 9 * HOUR_MS)).toBe(
      'Your conversation is with billing.',
    );
    expect(handoverIntention('c7', 3)).toBe('c7#3');
  });
});

describe('triageCall: the rules decide on the findings gathered so far', () => {
  const store = () => {
    const db = new Database(':memory:');
    db.exec(CONVERSATION_SCHEMA);
    return db;
  };
  const row = (db: Database.Database) => db.prepare('SELECT conversation_id, findings, decision, outcome, rule FROM triage').all();

  it('stores need-more-info without an outcome, then merges the next call and stores the outcome and its rule', () => {
    const db = store();
    const first = triageCall(db, 'c1', { dangerSign: 'none', note: 'ignored' }, decide);
    expect(first).toEqual({ kind: 'need-more-info', missing: ['ageYears', 'durationDays'] });
    expect(needMoreInfoLine(first as Extract<typeof first, { kind: 'need-more-info' }>)).toBe(
      'need-more-info: ask the user for ageYears, durationDays',
    );
    expect(row(db)).toEqual([
      { conversation_id: 'c1', findings: '{"dangerSign":"none"}', decision: JSON.stringify(first), outcome: null, rule: null },
    ]);
    const second = triageCall(db, 'c1', { ageYears: 30, durationDays: 20 }, decide);
    expect(second).toMatchObject({ kind: 'outcome', outcome: 'gp_appointment', rule: 'long-duration' });
    expect(row(db)).toEqual([
      {
        conversation_id: 'c1',
        findings: '{"dangerSign":"none","ageYears":30,"durationDays":20}',
        decision: JSON.stringify(second),
        outcome: 'gp_appointment',
        rule: 'long-duration',
      },
    ]);
  });

  it('replaces a stored finding the call names, valid or not, and keeps the conversations apart', () => {
    const db = store();
    triageCall(db, 'c1', { dangerSign: 'none', ageYears: 30, durationDays: 3 }, decide);
    triageCall(db, 'c2', { dangerSign: 'fainting' }, decide);
    expect(triageCall(db, 'c1', { ageYears: 'thirty' }, decide)).toEqual({ kind: 'need-more-info', missing: ['ageYears'] });
    expect(db.prepare("SELECT findings FROM triage WHERE conversation_id = 'c2'").get()).toEqual({ findings: '{"dangerSign":"fainting"}' });
  });
});
