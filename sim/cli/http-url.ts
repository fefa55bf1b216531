import { UsageError } from './errors.js';
import { PORT_MAX } from '../engine/limits.js';

/**
 * An http:// URL the probe can reach, or a UsageError naming what is wrong
 * with it. WHATWG's parser says only "Invalid URL", so the usual mistakes
 * (a port out of range or not a number, no scheme, a space in the host, an
 * unclosed IPv6 bracket) are named here in plain words.
 */
export function httpUrl(what: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} '${value}' is not a URL: ${whyNotUrl(value)}`);
  }
  if (url.protocol !== 'http:') throw new UsageError(`${what} must be http:// (the probe's fault proxy speaks plain HTTP); got '${value}'`);
  // fetch refuses credentials in a URL, and the proxy would not pass them on; they would also be printed in every report.
  if (url.username || url.password)
    throw new UsageError(`${what} carries a user or password, which the probe would not send: drop it from the URL`);
  // The parser takes port 0, which no service listens on: a connection to it is refused with no reason a user would see.
  if (url.port === '0') throw new UsageError(`${what} '${value}': port 0 is out of range 1-${PORT_MAX}`);
  return url;
}

/** A guess at why the parser refused `value`, as the end of a sentence; its own word when none of the usual mistakes fits. */
function whyNotUrl(value: string): string {
  if (value.trim() === '') return 'it is empty';
  const authority = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(value.trim());
  if (!authority) return 'it has no scheme: write it as http://host:port/path';
  const hostPort = authority[2] ?? '';
  if (hostPort.startsWith('[') && !hostPort.includes(']')) return `the IPv6 address in '${hostPort}' has no closing ']'`;
  const hostEnd = hostPort.startsWith('[')
    ? hostPort.indexOf(']') + 1
    : hostPort.lastIndexOf(':') >= 0
      ? hostPort.lastIndexOf(':')
      : hostPort.length;
  const host = hostPort.slice(0, hostEnd);
  const port = hostPort.slice(hostEnd).replace(/^:/, '');
  if (port !== '' && !/^\d+$/.test(port)) return `port '${port}' is not a number`;
  if (port !== '' && Number(port) > PORT_MAX) return `port ${port} is out of range 1-${PORT_MAX}`;
  if (host === '') return 'it names no host';
  if (/\s/.test(host)) return `the host '${host}' contains a space`;
  return `the host '${host}' is not a valid host name or address`;
}
