import { InvalidArgumentError } from 'commander';
import { TRANSPORTS, type TransportName } from '../app/transport.js';

export const TRANSPORT_OPTION_HELP =
  "in-process: the contract runs in the caller's process; http: every receiver call crosses a real wire (fetch, the fault proxy, a server on 127.0.0.1)";

export function transportName(value: string): TransportName {
  if (!(TRANSPORTS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`transport must be one of ${TRANSPORTS.join(', ')}; got '${value}'.`);
  }
  return value as TransportName;
}
