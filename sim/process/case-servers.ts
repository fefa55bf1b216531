import type { FamilyProtocol } from '../engine/family.js';
import type { AnyFamily } from '../engine/run-case.js';
import { NO_FAULTS } from '../transport/http/fault-plan.js';
import { startFaultProxy, type FaultProxy } from '../transport/http/fault-proxy.js';
import { findServableReceiver, servableReceivers } from '../transport/http/receiver-catalogue.js';
import { superviseReceiver, type SupervisedReceiver } from './supervised-receiver.js';

/** The servers of one case: each receiver in a process of its own, behind a fault proxy of its own in this process. */
export interface CaseServers {
  /** Receiver name → its proxy's URL: what the case's clients reach. */
  urls: Readonly<Record<string, string>>;
  receivers: ReadonlyMap<string, SupervisedReceiver>;
  proxies: readonly FaultProxy[];
  /** Stops every server process and proxy; resolves once none is left. */
  stop(): Promise<void>;
}

/** Why a family's receivers cannot run as server processes of their own (one sentence), or undefined when they can. */
export function unservableReceivers(family: AnyFamily): string | undefined {
  const missing = family.receivers.filter((receiver) => !findServableReceiver(receiver.name)).map((receiver) => receiver.name);
  if (missing.length === 0) return undefined;
  return `family ${family.name}: receiver ${missing.join(', ')} has no server of its own yet (servable: ${servableNames()}), so it cannot run over HTTP in kill mode`;
}

function servableNames(): string {
  return servableReceivers()
    .map((servable) => servable.receiver.name)
    .join(', ');
}

/**
 * Starts every receiver of a case as a real server process on its case's
 * file (port 0), each restarted on the same file if it dies. With
 * `killAfterCommit`, each first server SIGKILLs itself at its nth write,
 * after the commit and before the reply. A receiver no server can stand in
 * front of is bad input, said in one sentence.
 */
export async function startCaseServers(
  family: AnyFamily,
  protocol: FamilyProtocol,
  stores: Readonly<Record<string, string>>,
  options: { killAfterCommit?: number } = {},
): Promise<CaseServers> {
  const contracts = family.contracts(protocol);
  const receivers = new Map<string, SupervisedReceiver>();
  const proxies: FaultProxy[] = [];
  const urls: Record<string, string> = {};
  const stop = async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await Promise.all([...receivers.values()].map((receiver) => receiver.stop()));
  };
  try {
    for (const receiver of family.receivers) {
      const contract = contracts[receiver.name]?.name ?? '';
      const servable = findServableReceiver(receiver.name);
      if (!servable?.contracts.some((candidate) => candidate.name === contract)) {
        throw new Error(`receiver '${receiver.name}' with contract '${contract}' cannot run as a server of its own`);
      }
      const supervised = await superviseReceiver({
        receiver: receiver.name,
        contract,
        db: stores[receiver.name] ?? '',
        ...(options.killAfterCommit ? { killAfterCommit: options.killAfterCommit } : {}),
      });
      receivers.set(receiver.name, supervised);
      const proxy = await startFaultProxy(supervised, NO_FAULTS);
      proxies.push(proxy);
      urls[receiver.name] = proxy.url;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, receivers, proxies, stop };
}
