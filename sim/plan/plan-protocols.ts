import { PLAN_PROTOCOLS } from '../../protocols/plan/catalogue.js';
import { planProtocolFromModule } from '../../protocols/plan/module-shape.js';
import type { PlanProtocol } from '../../protocols/plan/types.js';
import type { ProtocolStatus } from '../engine/family.js';
import { InputError } from '../engine/input-error.js';

/** A protocol to run, with where it came from: a built-in of the catalogue, or a user's file. */
export interface ResolvedPlanProtocol {
  protocol: PlanProtocol;
  status: ProtocolStatus | 'own';
}

/**
 * Resolves --protocol values for the plan family: built-in names, or a
 * user's module (its exports already imported by the caller) checked into a
 * plan-loop protocol. Unknown names and malformed modules are one sentence.
 */
export function resolvePlanProtocol(value: string, exports: Record<string, unknown> | undefined): ResolvedPlanProtocol {
  if (exports) {
    const protocol = planProtocolFromModule(exports, value);
    if (typeof protocol === 'string') throw new InputError(protocol);
    if (PLAN_PROTOCOLS.some((entry) => entry.protocol.name === protocol.name)) {
      throw new InputError(`${value}: the name '${protocol.name}' is taken by a built-in plan protocol; choose another`);
    }
    return { protocol, status: 'own' };
  }
  const entry = PLAN_PROTOCOLS.find((candidate) => candidate.protocol.name === value);
  if (!entry)
    throw new InputError(
      `unknown plan protocol '${value}': one of ${PLAN_PROTOCOLS.map((e) => e.protocol.name).join(', ')}, or a path to your own module`,
    );
  return entry;
}
