import type { JsonValue } from '../../engine/history.js';

/** At most this many variants, one per top-level field: enough to find a fingerprint that skips a field. */
const VARIANTS_MAX = 8;

function changed(value: JsonValue): JsonValue {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'string') return `${value}-other`;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 'other';
  if (Array.isArray(value)) return [...value, 'other'];
  return { ...value, probeOther: true };
}

/**
 * Bodies that differ from `body` in one place each: one variant per
 * top-level field with that field's value changed (same type), so a
 * fingerprint that ignores a field is caught on that field. An empty object
 * gets one variant with a field added.
 */
export function bodyVariants(body: { [field: string]: JsonValue }): { field: string; body: JsonValue }[] {
  const fields = Object.keys(body).slice(0, VARIANTS_MAX);
  if (fields.length === 0) return [{ field: '(the whole body)', body: changed(body) }];
  return fields.map((field) => ({ field, body: { ...body, [field]: changed(body[field] as JsonValue) } }));
}
