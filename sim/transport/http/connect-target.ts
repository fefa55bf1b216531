import { createConnection } from 'node:net';

/** Where net.connect and http.request go for a URL: a bare host (never bracketed) and a port. */
export interface ConnectTarget {
  host: string;
  port: number;
}

/**
 * The host and port an http:// URL names, as node:net and node:http want
 * them. URL.hostname keeps an IPv6 literal's brackets ("[::1]"), which a
 * resolver takes for a name that does not exist; the brackets only belong
 * in a URL and a Host header (node:http adds them back to that itself).
 */
export function connectTarget(url: URL): ConnectTarget {
  const host = url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
}

/** How a connection attempt ended: accepted, or why not, in words that end a sentence ("connection refused"). */
export type ConnectOutcome = { accepted: true } | { accepted: false; why: string };

/**
 * Opens and closes one TCP connection to the target, bounded by `timeoutMs`:
 * a host that drops the handshake (a firewall, an unrouted address) would
 * otherwise keep the caller waiting for the kernel's own minutes-long limit.
 */
export function tryConnect(target: ConnectTarget, timeoutMs: number): Promise<ConnectOutcome> {
  return new Promise((resolve) => {
    const socket = createConnection(target);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ accepted: false, why: `no connection within ${timeoutMs} ms` });
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ accepted: true });
    });
    socket.once('error', (error: NodeJS.ErrnoException & { hostname?: string }) => {
      clearTimeout(timer);
      resolve({ accepted: false, why: connectFailure(error) });
    });
  });
}

function connectFailure(error: NodeJS.ErrnoException & { hostname?: string }): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `no address found for ${error.hostname ?? 'its host'}`;
    case 'EADDRNOTAVAIL':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'no route to that address on this machine';
    default:
      return error.message;
  }
}
