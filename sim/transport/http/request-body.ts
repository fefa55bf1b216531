import type { IncomingMessage } from 'node:http';
import type { JsonValue } from '../../../protocols/receivers/types.js';
import { BODY_BYTES_MAX, problem, type WireReply } from './wire.js';

/**
 * Reads a request's JSON body, refusing before the contract sees anything:
 * a content type other than application/json (415), a body over
 * BODY_BYTES_MAX (413, read no further), bytes that are not JSON (400).
 * Every refusal is a problem body; the connection stays usable.
 */
export async function readJsonBody(request: IncomingMessage): Promise<{ payload: JsonValue } | { refusal: WireReply }> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return {
      refusal: problem(
        415,
        'unsupported-media-type',
        'Unsupported media type',
        `send the body as application/json, not '${type || 'nothing'}'`,
      ),
    };
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > BODY_BYTES_MAX) return { refusal: tooLarge() };
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > BODY_BYTES_MAX) return { refusal: tooLarge() };
    chunks.push(chunk);
  }
  try {
    return { payload: JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonValue };
  } catch {
    return { refusal: problem(400, 'malformed-json', 'Malformed JSON', 'the request body is not valid JSON') };
  }
}

function tooLarge(): WireReply {
  return problem(413, 'body-too-large', 'Body too large', `request bodies are limited to ${BODY_BYTES_MAX} bytes`);
}
