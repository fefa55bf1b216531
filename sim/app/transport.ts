import type { HttpTransport } from '../transport/http/http-transport.js';

/** How receivers are reached: in the caller's process, or over a real wire. */
export const TRANSPORTS = ['in-process', 'http'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

/**
 * Runs a command's work with the HTTP transport started when it is asked for
 * (it loads only then), and closed however the work ends: a server left open
 * would keep the process from exiting.
 */
export async function withTransport<T>(name: TransportName, work: (http: HttpTransport | undefined) => Promise<T>): Promise<T> {
  if (name !== 'http') return work(undefined);
  const http = await (await import('../transport/http/http-transport.js')).startHttpTransport();
  try {
    return await work(http);
  } finally {
    await http.close();
  }
}
