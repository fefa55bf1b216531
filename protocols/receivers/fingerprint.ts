import { createHash } from 'node:crypto';
import type { JsonValue } from './types.js';

/** JSON with every object's keys sorted, recursively: equal values give equal text whatever their key order. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A receipt's fingerprint of a request: a digest of the canonical JSON of its kind and payload. */
export function requestFingerprint(request: { kind: string; payload: JsonValue }): string {
  return createHash('sha256')
    .update(canonicalJson({ kind: request.kind, payload: request.payload }))
    .digest('hex')
    .slice(0, 16);
}
