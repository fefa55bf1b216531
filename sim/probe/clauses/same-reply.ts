import { canonicalJson } from '../../../protocols/receivers/fingerprint.js';
import type { JsonValue } from '../../engine/history.js';
import { parseJsonBody } from '../../transport/http/exchange.js';
import type { Sent } from '../probe-session.js';

/** Whether two responses have the same status and the same body (as JSON when both are JSON, else byte for byte). */
export function sameReply(a: Sent, b: Sent): boolean {
  if (a.outcome.kind !== 'response' || b.outcome.kind !== 'response') return false;
  if (a.outcome.status !== b.outcome.status) return false;
  const left = parseJsonBody(a.outcome.bodyText);
  const right = parseJsonBody(b.outcome.bodyText);
  if (left === undefined || right === undefined) return a.outcome.bodyText === b.outcome.bodyText;
  return canonicalJson(left as JsonValue) === canonicalJson(right as JsonValue);
}
