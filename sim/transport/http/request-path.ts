import type { IncomingMessage } from 'node:http';

/**
 * The path of a request target exactly as sent, without its query. A server
 * compares it with its documented paths as it is: `new URL()` would first
 * resolve `/%2e%2e/etc` to `/etc` and `/a/../reserve` to `/reserve`, so a
 * target no client of the documented paths sends would reach a route.
 */
export function requestPath(request: IncomingMessage): string {
  const target = request.url ?? '';
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}
