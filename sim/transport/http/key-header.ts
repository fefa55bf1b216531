import { ParseError, parseItem, serializeItem } from 'structured-headers';

/**
 * The Idempotency-Key header, read and written. The IETF draft
 * (draft-ietf-httpapi-idempotency-key-header) makes it an Item Structured
 * Header (RFC 8941) whose value must be a String: `"k3"`, in double quotes,
 * with `\"` and `\\` the only escapes and printable ASCII inside; an Item's
 * parameters may follow and are ignored. A quoted value is parsed by the
 * structured-headers library (tested against the HTTP WG's test suite). A
 * bare token (`k3`) is accepted too, as services and clients written before
 * the draft send it. Anything else (an unclosed quote, a bad escape, two keys
 * joined by a comma, a space inside a bare key) is malformed: taking it as a
 * raw key would give a request a key its sender never meant.
 */

/** A bare key: visible ASCII without the quote, the backslash and the comma that would make it a list. */
const BARE_KEY = /^[\x21\x23-\x2B\x2D-\x5B\x5D-\x7E]+$/;

export type KeyHeader = { key: string | undefined } | { malformed: string };

/** The key an Idempotency-Key header holds (undefined when absent or empty), or why it is malformed. */
export function parseKeyHeader(value: string | undefined): KeyHeader {
  if (value === undefined) return { key: undefined };
  // RFC 8941 parsing discards leading and trailing spaces (HTTP's OWS).
  const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
  if (trimmed === '') return { key: undefined };
  if (trimmed.startsWith('"')) {
    try {
      const [key] = parseItem(trimmed);
      if (typeof key === 'string') return { key: key === '' ? undefined : key };
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      return {
        malformed: `${JSON.stringify(value)} is not a structured-field string (RFC 8941): ${error.message.replace(/^Parse error: /, '')}`,
      };
    }
  }
  if (!BARE_KEY.test(trimmed)) {
    return {
      malformed: `${JSON.stringify(value)} is neither a structured-field string (RFC 8941, e.g. "k3") nor a bare key of visible ASCII without quotes, backslashes, commas or spaces`,
    };
  }
  return { key: trimmed };
}

/**
 * The header value for a key: the key itself when it reads as a bare key (what services written before the draft
 * expect), else the sf-string (which the library refuses to make of a key outside printable ASCII: such a key cannot be
 * an Idempotency-Key, and the request fails with that sentence).
 */
export function keyHeaderValue(key: string): string {
  return BARE_KEY.test(key) ? key : serializeItem(key);
}
