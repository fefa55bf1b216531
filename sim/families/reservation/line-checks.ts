import { lineIntentionId } from '../../../protocols/reservation/request-lines.js';
import { intentionId, type Intention } from '../../../protocols/reservation/types.js';
import type { JudgedRun } from '../../engine/family.js';
import { localRow, type ReservationViolation } from './checks.js';
import { expectedRefusal } from './refusal-checks.js';

interface LineEffect {
  id: number;
  intention_id: string;
  part: string;
  qty: number;
}

interface LocalLine {
  intention_id: number;
  line_no: number;
  status: string;
  result: string | null;
}

/** The reservation rows the warehouse holds for one line of an intention, by the line's oracle tag. */
export function lineEffects(outcome: JudgedRun, intention: Intention, lineNo: number): LineEffect[] {
  const line = intention.params.lines?.[lineNo - 1];
  const tag = lineIntentionId(intentionId(intention), lineNo);
  return ((outcome.state['warehouse']?.['reservations'] ?? []) as unknown as LineEffect[]).filter(
    (row) => row.intention_id === tag && row.part === line?.part && row.qty === line?.qty,
  );
}

/**
 * Partial replies settle line by line: once the outbox drains, every request
 * of several lines is done locally, and each of its lines is either applied
 * once (the warehouse holds exactly one row for it, and the local line names
 * that row) or refused (no row, a local refusal, and a part the warehouse
 * does refuse). A line applied twice is a duplicate; a line with no row and
 * no local refusal was silently dropped.
 */
export function linesSettled(trial: { intentions: readonly Intention[] }, outcome: JudgedRun): ReservationViolation | undefined {
  const locals = (outcome.state['orchestrator']?.['intention_lines'] ?? []) as unknown as LocalLine[];
  for (const intention of trial.intentions) {
    const lines = intention.params.lines;
    if (!lines) continue;
    const label = intentionId(intention);
    const row = localRow(outcome, intention) as (ReturnType<typeof localRow> & { id?: number }) | undefined;
    if (!row || row.status !== 'done')
      return { kind: 'stuck', intention: label, message: `${label} is ${row?.status ?? 'not recorded'} after draining, expected done` };
    for (const [n, line] of lines.entries()) {
      const name = `${label}#${n + 1} (${line.part} x${line.qty})`;
      const effects = lineEffects(outcome, intention, n + 1);
      const local = locals.find((l) => l.intention_id === row.id && l.line_no === n + 1);
      if (effects.length > 1) return { kind: 'duplicate', intention: label, message: `line ${name} was applied ${effects.length} times` };
      if (effects.length === 1) {
        const stored = JSON.parse(local?.result ?? '{}') as { reservationId?: number };
        if (local?.status !== 'applied' || stored.reservationId !== effects[0]?.id)
          return {
            kind: 'identity',
            intention: label,
            message: `line ${name} is applied in the warehouse (reservation ${effects[0]?.id}) but ${local?.status ?? 'absent'} locally`,
          };
        continue;
      }
      if (local?.status !== 'refused')
        return {
          kind: 'lost',
          intention: label,
          message: `line ${name} was never applied, yet it is ${local?.status ?? 'absent'} locally: silently dropped`,
        };
      if (expectedRefusal({ tenant: intention.tenant, key: intention.key, params: line }) === undefined)
        return { kind: 'identity', intention: label, message: `line ${name} is refused locally, but the warehouse never refuses it` };
    }
  }
  return undefined;
}
