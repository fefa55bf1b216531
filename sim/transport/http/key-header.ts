/**
 * The Idempotency-Key header, read and written. The IETF draft
 * (draft-ietf-httpapi-idempotency-key-header) makes it an Item Structured
 * Header (RFC 8941) whose value must be a String: `"k3"`, in double quotes,
 * with `\"` and `\\` the only escapes and printable ASCII inside. A bare
 * token (`k3`) is accepted too, as services and clients written before the
 * draft send it. Anything else (an unclosed quote, a bad escape, two keys
 * joined by a comma, a space inside a bare key) is malformed: taking it as a
 * raw key would give a request a key its sender never meant.
 */

/** The inside of an sf-string: printable ASCII but `"` and `\`, or those two escaped. */
const SF_STRING = String.raw`"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"`;
/** An Item's parameters (`;name=value`, RFC 8941 section 3.1.2), allowed after the string and ignored. */
const PARAMETERS = String.raw`(?:;[ ]*[a-z*][a-z0-9_.*-]*(?:=(?:"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*"|[A-Za-z*][!#$%&'*+.^_\x60|~0-9A-Za-z:/-]*|-?[0-9]{1,15}(?:\.[0-9]{1,3})?|\?[01]|:[A-Za-z0-9+/=]*:))?)*`;
const SF_ITEM = new RegExp(`^${SF_STRING}${PARAMETERS}$`);
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
    const item = SF_ITEM.exec(trimmed);
    if (!item) return { malformed: `${JSON.stringify(value)} is not a structured-field string (RFC 8941): ${whyNotString(trimmed)}` };
    const key = (item[1] as string).replace(/\\(["\\])/g, '$1');
    return { key: key === '' ? undefined : key };
  }
  if (!BARE_KEY.test(trimmed)) {
    return {
      malformed: `${JSON.stringify(value)} is neither a structured-field string (RFC 8941, e.g. "k3") nor a bare key of visible ASCII without quotes, backslashes, commas or spaces`,
    };
  }
  return { key: trimmed };
}

function whyNotString(value: string): string {
  const closed = new RegExp(`^${SF_STRING}`).exec(value);
  if (!closed) return 'the quote is not closed, or it holds a character or escape a string cannot (only \\" and \\\\ are escapes)';
  return `${JSON.stringify(value.slice(closed[0].length))} follows the closing quote (one key a request)`;
}

/** The header value for a key: the key itself when it reads as a bare key (what services written before the draft expect), else the sf-string. */
export function keyHeaderValue(key: string): string {
  return BARE_KEY.test(key) ? key : `"${key.replace(/(["\\])/g, '\\$1')}"`;
}
