import { InvalidArgumentError } from 'commander';
import type { HttpTransport } from '../transport/http/http-transport.js';

export const TRANSPORTS = ['in-process', 'http'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

export const TRANSPORT_OPTION_HELP =
  "in-process: the contract runs in the caller's process; http: every receiver call crosses a real wire (fetch, the fault proxy, a server on 127.0.0.1)";

export function transportName(value: string): TransportName {
  if (!(TRANSPORTS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`transport must be one of ${TRANSPORTS.join(', ')}; got '${value}'.`);
  }
  return value as TransportName;
}

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
