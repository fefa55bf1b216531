import type { Connection } from '../../sim/engine/connections.js';
import type { Decide, TriageDecision } from '../../sim/families/handover/rules/decide.js';
import { REQUIRED_FINDINGS, type Findings } from '../../sim/families/handover/rules/findings.js';
import type { ToolSpec } from './types.js';

/**
 * The intake agent's tool: it hands the rules what it has gathered. The
 * rules, not the model, decide: need-more-info comes back as the tool's
 * result, naming the questions to ask; an outcome is the rules' own.
 * Illustrative triage, not clinical advice.
 */
export const TRIAGE_TOOL: ToolSpec = {
  name: 'triage',
  description: 'give the rules the findings gathered so far; they answer with the questions still to ask, or the outcome',
  parameters: {
    type: 'object',
    properties: { dangerSign: {}, ageYears: {}, durationDays: {}, note: { type: 'string' } },
    additionalProperties: false,
  },
};

/**
 * Merges the call's findings into the conversation's (a field the call names
 * replaces the stored one, valid or not: the rules judge it), decides, and
 * stores findings and decision in one statement of the harness's transaction.
 */
export function triageCall(db: Connection, conversationId: string, args: Record<string, unknown>, decide: Decide): TriageDecision {
  const stored = db.prepare('SELECT findings FROM triage WHERE conversation_id = ?').get(conversationId) as
    { findings: string } | undefined;
  const findings: Findings = stored ? (JSON.parse(stored.findings) as Findings) : {};
  for (const field of REQUIRED_FINDINGS) if (args[field] !== undefined) findings[field] = args[field];
  const decision = decide(findings);
  db.prepare(
    `INSERT INTO triage (conversation_id, findings, decision, outcome, rule) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (conversation_id) DO UPDATE SET findings = excluded.findings, decision = excluded.decision,
       outcome = excluded.outcome, rule = excluded.rule`,
  ).run(
    conversationId,
    JSON.stringify(findings),
    JSON.stringify(decision),
    decision.kind === 'outcome' ? decision.outcome : null,
    decision.kind === 'outcome' ? decision.rule : null,
  );
  return decision;
}

/** The tool's result for the model when the rules need more: exactly the missing fields, in asking order. */
export function needMoreInfoLine(decision: Extract<TriageDecision, { kind: 'need-more-info' }>): string {
  return `need-more-info: ask the user for ${decision.missing.join(', ')}`;
}
