import { intentionId, type Intention } from '../../../protocols/reservation/types.js';
import { intentionLabels } from './count-effects.js';
import type { JudgedRun as ReservationOutcome } from '../../engine/family.js';
import type { Violation } from '../../engine/verdict.js';

/** Verdict kinds, as a checker groups them (Jepsen's "errors grouped by kind"). */
export type ViolationKind = 'duplicate' | 'lost' | 'stuck' | 'identity' | 'unreconciled' | 'retried' | 'order' | 'error';

export type ReservationViolation = Violation<ViolationKind>;

interface LocalIntention {
  tenant: string;
  key: string;
  part: string;
  qty: number;
  status: string;
  result: string | null;
}

interface Reservation {
  id: number;
  intention_id: string;
  part: string;
  qty: number;
}

export function localRow(outcome: ReservationOutcome, intention: Intention): LocalIntention | undefined {
  return (outcome.state['orchestrator']?.['intentions'] as LocalIntention[] | undefined)?.find(
    (row) =>
      row.tenant === intention.tenant &&
      row.key === intention.key &&
      row.part === intention.params.part &&
      row.qty === intention.params.qty,
  );
}

export function effectsOf(outcome: ReservationOutcome, intention: Intention): Reservation[] {
  return ((outcome.state['warehouse']?.['reservations'] ?? []) as unknown as Reservation[]).filter(
    (row) => row.intention_id === intentionId(intention) && row.part === intention.params.part && row.qty === intention.params.qty,
  );
}

/** The run itself must have ended normally: a protocol bug that throws is a violation, not a pass. */
export function ranToEnd(outcome: ReservationOutcome): ReservationViolation | undefined {
  if (outcome.end.kind === 'error') return { kind: 'error', message: `the run failed: ${outcome.end.message}` };
  if (outcome.end.kind === 'lives-exhausted') return { kind: 'stuck', message: `no life completed within ${outcome.end.livesMax} lives` };
  return undefined;
}

/** Safety: N(k) <= 1 for every intention k. */
export function atMostOnce(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  for (const [index, intention] of trial.intentions.entries()) {
    const n = effectsOf(outcome, intention).length;
    if (n > 1)
      return {
        kind: 'duplicate',
        intention: labels[index] ?? '',
        message: `N=${n} for ${labels[index]}: the warehouse applied it ${n} times`,
      };
  }
  return undefined;
}

/** No intention is lost: after draining, N(k) >= 1 for every intention k. */
export function noneLost(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  for (const [index, intention] of trial.intentions.entries()) {
    if (effectsOf(outcome, intention).length === 0) {
      const row = localRow(outcome, intention);
      return {
        kind: 'lost',
        intention: labels[index] ?? '',
        message: `N=0 for ${labels[index]}: the effect never happened (local status ${row?.status ?? 'absent'})`,
      };
    }
  }
  return undefined;
}

/** Nothing left behind: after draining, no intention is still pending locally. */
export function noneStuck(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  for (const [index, intention] of trial.intentions.entries()) {
    const row = localRow(outcome, intention);
    if (!row || row.status === 'pending') {
      return {
        kind: 'stuck',
        intention: labels[index] ?? '',
        message: `${labels[index]} is ${row ? 'still pending' : 'not recorded'} after draining`,
      };
    }
  }
  return undefined;
}

/** Liveness: every intention is done, with exactly one effect, and its stored result names that effect. */
export function exactlyOnceDone(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  for (const [index, intention] of trial.intentions.entries()) {
    const label = labels[index] ?? '';
    const verdict = settledOnce(intention, label, outcome);
    if (verdict) return verdict;
  }
  return undefined;
}

export function settledOnce(intention: Intention, label: string, outcome: ReservationOutcome): ReservationViolation | undefined {
  const effects = effectsOf(outcome, intention);
  const row = localRow(outcome, intention);
  if (effects.length === 0)
    return {
      kind: 'lost',
      intention: label,
      message: `N=0 for ${label}: the effect never happened (local status ${row?.status ?? 'absent'})`,
    };
  if (effects.length > 1) return { kind: 'duplicate', intention: label, message: `N=${effects.length} for ${label}` };
  if (!row || row.status !== 'done')
    return { kind: 'stuck', intention: label, message: `${label} has its effect but is ${row?.status ?? 'absent'} locally after draining` };
  const stored = JSON.parse(row.result ?? '{}') as { reservationId?: number };
  if (stored.reservationId !== effects[0]?.id) {
    return {
      kind: 'identity',
      intention: label,
      message: `${label} stored reservation ${stored.reservationId}, but its effect is ${effects[0]?.id}`,
    };
  }
  return undefined;
}

/**
 * Identity: within one (tenant, key), exactly one intention gets the one
 * effect and is done; every intention reusing that key with other params is
 * failed with no effect. Different tenants are different intentions.
 */
export function keyIdentity(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const groups = new Map<string, Intention[]>();
  for (const intention of trial.intentions) groups.set(intentionId(intention), [...(groups.get(intentionId(intention)) ?? []), intention]);
  for (const [id, group] of groups) {
    const winners = group.filter((intention) => effectsOf(outcome, intention).length > 0);
    if (winners.length !== 1) {
      return {
        kind: winners.length === 0 ? 'lost' : 'identity',
        intention: id,
        message: `${id}: ${winners.length} of ${group.length} intentions sharing the key took effect, expected exactly 1`,
      };
    }
    const winner = winners[0] as Intention;
    const settled = settledOnce(winner, id, outcome);
    if (settled) return settled;
    for (const loser of group.filter((intention) => intention !== winner)) {
      const row = localRow(outcome, loser);
      if (row?.status !== 'failed') {
        return {
          kind: 'identity',
          intention: id,
          message: `${id} reused with other params (${loser.params.part}x${loser.params.qty}) is ${row?.status ?? 'absent'}, expected failed`,
        };
      }
    }
  }
  return undefined;
}

/** Closed window: after draining, an intention is done with one effect, or refused and marked for reconciliation. */
export function doneOrReconciled(trial: { intentions: readonly Intention[] }, outcome: ReservationOutcome): ReservationViolation | undefined {
  const labels = intentionLabels(trial.intentions);
  for (const [index, intention] of trial.intentions.entries()) {
    const label = labels[index] ?? '';
    const row = localRow(outcome, intention);
    if (row?.status === 'reconcile') continue;
    if (row?.status !== 'done')
      return {
        kind: 'unreconciled',
        intention: label,
        message: `${label} is ${row?.status ?? 'absent'}: neither done nor marked for reconciliation`,
      };
    const verdict = settledOnce(intention, label, outcome);
    if (verdict) return verdict;
  }
  return undefined;
}

/** The first violation of several checks, in order. */
export function firstViolation(...verdicts: (() => ReservationViolation | undefined)[]): ReservationViolation | undefined {
  for (const verdict of verdicts) {
    const violation = verdict();
    if (violation) return violation;
  }
  return undefined;
}
