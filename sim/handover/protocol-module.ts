import { atomicReceipt } from '../../protocols/receivers/atomic-receipt.js';
import type { HandoverProtocol } from '../../protocols/handover/types.js';
import type { Contract } from '../../protocols/receivers/types.js';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

function isContract(value: unknown): value is Contract {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Contract).handle === 'function' &&
    typeof (value as Contract).name === 'string'
  );
}

/**
 * A user's own harness module, completed into a protocol of this family:
 * `name`, `summary`, `receive(ctx, event)` and `resume(ctx)`, and optionally
 * the contracts it binds (atomic receipts by default). Returns the protocol,
 * or one sentence saying what is missing.
 */
export function protocolFromModule(exports: Record<string, unknown>, where: string): HandoverProtocol | string {
  const candidate = (exports.protocol ?? exports.default) as Partial<HandoverProtocol> | undefined;
  if (!candidate || typeof candidate !== 'object') return `${where} must export (as default or as protocol) a handover harness`;
  if (typeof candidate.name !== 'string' || !NAME.test(candidate.name))
    return `${where}: name must be lower-case letters, digits and dashes`;
  if (typeof candidate.receive !== 'function' || typeof candidate.resume !== 'function')
    return `${where}: a handover harness needs receive(ctx, event) and resume(ctx)`;
  const contracts = { 'human-queue': atomicReceipt, 'message-channel': atomicReceipt, ...(candidate.contracts ?? {}) };
  if (!Object.values(contracts).every(isContract)) return `${where}: contracts must map human-queue and message-channel to contracts`;
  return {
    name: candidate.name,
    summary: typeof candidate.summary === 'string' ? candidate.summary : '',
    contracts,
    receive: candidate.receive.bind(candidate),
    resume: candidate.resume.bind(candidate),
  };
}
