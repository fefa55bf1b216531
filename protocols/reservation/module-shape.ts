import { CONTRACTS } from '../receivers/contracts.js';
import type { Contract } from '../receivers/types.js';
import { LOCAL_SCHEMA } from './local-schema.js';
import type { Protocol } from './types.js';

/**
 * What a user's protocol module exports (as `default` or as `protocol`): a
 * Protocol, where `contract` may be a built-in contract's name and
 * `localSchema` may be left out to use the built-in intentions + outbox tables.
 */
export type ProtocolModule = Omit<Protocol, 'contract' | 'localSchema'> & {
  contract: Contract | string;
  localSchema?: string;
};

/** Checks a loaded module's export and completes it into a Protocol, or says in one sentence what is wrong. */
export function protocolFromModule(exports: Record<string, unknown>, where: string): Protocol | string {
  let candidate = (exports['default'] ?? exports['protocol']) as Partial<ProtocolModule> | undefined;
  // A TypeScript file outside an ESM package loads as CommonJS, and its exports arrive wrapped once more.
  if (candidate && typeof candidate === 'object' && !('submit' in candidate)) {
    const inner = candidate as Record<string, unknown>;
    candidate = (inner['default'] ?? inner['protocol'] ?? candidate) as Partial<ProtocolModule>;
  }
  if (candidate === undefined || candidate === null || typeof candidate !== 'object') {
    return `${where} exports no protocol: export default (or export const protocol) an object with name, summary, contract, submit and relay`;
  }
  if (typeof candidate.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(candidate.name)) {
    return `${where}: the protocol's name must be lower-case letters, digits and dashes`;
  }
  for (const method of ['submit', 'relay'] as const) {
    if (typeof candidate[method] !== 'function') return `${where}: protocol '${candidate.name}' has no ${method}(ctx, ...) function`;
  }
  const contract =
    typeof candidate.contract === 'string'
      ? CONTRACTS.find((c) => c.name === candidate.contract)
      : (candidate.contract as Contract | undefined);
  if (!contract || typeof contract.handle !== 'function') {
    return `${where}: protocol '${candidate.name}' needs a contract: one of ${CONTRACTS.map((c) => c.name).join(', ')}, or an object with handle(side, request)`;
  }
  return {
    name: candidate.name,
    summary: typeof candidate.summary === 'string' ? candidate.summary : '(no summary)',
    contract,
    localSchema: typeof candidate.localSchema === 'string' ? candidate.localSchema : LOCAL_SCHEMA,
    submit: candidate.submit as Protocol['submit'],
    relay: candidate.relay as Protocol['relay'],
  };
}
