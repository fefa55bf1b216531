import { atomicReceipt } from '../receivers/atomic-receipt.js';
import { noReceipt } from '../receivers/no-receipt.js';
import type { Contract } from '../receivers/types.js';
import { PLAN_ORCHESTRATOR_SCHEMA } from '../../sim/families/plan/sqlite-checkpoint.js';
import type { PlanProtocol } from './types.js';

/** The tool-server contracts a plan-loop module may name instead of importing. */
export const PLAN_CONTRACTS: readonly Contract[] = [atomicReceipt, noReceipt];

/** A tool-server contract as given: the contract itself, or the name of one of PLAN_CONTRACTS (undefined for a name that is none). */
export function planContract(named: Contract | string | undefined): Contract | undefined {
  return typeof named === 'string' ? PLAN_CONTRACTS.find((c) => c.name === named) : named;
}

/** planLoop's `toolContract`, a contract or a built-in one's name; a name that is none is a TypeError of one sentence. */
export function namedPlanContract(named: Contract | string): Contract {
  const contract = planContract(named);
  if (!contract)
    throw new TypeError(`planLoop: no tool contract '${String(named)}'; one of ${PLAN_CONTRACTS.map((c) => c.name).join(', ')}`);
  return contract;
}

/**
 * Completes a user's plan-loop module (its `default` or `protocol` export)
 * into a PlanProtocol: `toolContract` may be a contract's name, and
 * `orchestratorSchema` may be left out for the family's own tables. Returns
 * one sentence saying what is wrong otherwise.
 */
export function planProtocolFromModule(exports: Record<string, unknown>, where: string): PlanProtocol | string {
  const candidate = (exports['default'] ?? exports['protocol']) as
    (Partial<PlanProtocol> & { toolContract?: Contract | string }) | undefined;
  if (candidate === undefined || candidate === null || typeof candidate !== 'object') {
    return `${where} exports no protocol: export default (or export const protocol) an object with name, summary, toolContract and run`;
  }
  if (typeof candidate.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(candidate.name)) {
    return `${where}: the protocol's name must be lower-case letters, digits and dashes`;
  }
  if (typeof candidate.run !== 'function') return `${where}: protocol '${candidate.name}' has no run(ctx) function`;
  const contract = planContract(candidate.toolContract);
  if (!contract || typeof contract.handle !== 'function') {
    return `${where}: protocol '${candidate.name}' needs a toolContract: one of ${PLAN_CONTRACTS.map((c) => c.name).join(', ')}, or an object with handle(side, request)`;
  }
  return {
    name: candidate.name,
    summary: typeof candidate.summary === 'string' ? candidate.summary : '(no summary)',
    toolContract: contract,
    orchestratorSchema: typeof candidate.orchestratorSchema === 'string' ? candidate.orchestratorSchema : PLAN_ORCHESTRATOR_SCHEMA,
    run: candidate.run.bind(candidate),
  };
}
