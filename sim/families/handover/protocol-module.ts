import { atomicReceipt } from '../../../protocols/receivers/atomic-receipt.js';
import { CONTRACTS, findContract } from '../../../protocols/receivers/contracts.js';
import type { HandoverProtocol } from '../../../protocols/handover/types.js';
import type { Contract } from '../../../protocols/receivers/types.js';

const NAME = /^[a-z0-9][a-z0-9-]*$/;

function isContract(value: unknown): value is Contract {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Contract).handle === 'function' &&
    typeof (value as Contract).name === 'string'
  );
}

const RECEIVERS = ['human-queue', 'message-channel'] as const;

/** The contracts a harness binds, each a built-in by name or an object with handle(side, request); atomic receipts where left out. */
function contractsOf(given: unknown, where: string): HandoverProtocol['contracts'] | string {
  const contracts: HandoverProtocol['contracts'] = { 'human-queue': atomicReceipt, 'message-channel': atomicReceipt };
  if (given === undefined) return contracts;
  const names = CONTRACTS.map((c) => c.name).join(', ');
  if (typeof given !== 'object' || given === null) return `${where}: contracts must be an object with human-queue and/or message-channel`;
  for (const [receiver, value] of Object.entries(given)) {
    if (!(RECEIVERS as readonly string[]).includes(receiver))
      return `${where}: contracts has '${receiver}', which is no receiver of this family: name human-queue and/or message-channel`;
    const contract = typeof value === 'string' ? findContract(value) : value;
    if (!isContract(contract))
      return `${where}: contracts['${receiver}'] must be one of ${names}, or an object with name and handle(side, request)`;
    contracts[receiver as (typeof RECEIVERS)[number]] = contract;
  }
  return contracts;
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
  const contracts = contractsOf(candidate.contracts, where);
  if (typeof contracts === 'string') return contracts;
  return {
    name: candidate.name,
    summary: typeof candidate.summary === 'string' ? candidate.summary : '',
    contracts,
    receive: candidate.receive.bind(candidate),
    resume: candidate.resume.bind(candidate),
  };
}
