import { CONTRACTS } from '../../../protocols/receivers/contracts.js';
import type { Contract, Receiver } from '../../../protocols/receivers/types.js';
import type { ServingParts } from '../../engine/serving.js';
import { FAMILY_ENTRIES } from '../../families/index.js';
import { loadInstalled } from '../../families/loaded.js';

/** The installed families that serve a receiver, loaded when a transport or `sim serve` first needs them (only they import this module). */
const FAMILIES = await loadInstalled(FAMILY_ENTRIES.filter((entry) => (entry.servedReceivers ?? []).length > 0));

/** A receiver a server can stand in front of: its store, its contracts, and how its effects are counted for the oracle. */
export interface ServableReceiver extends ServingParts {
  receiver: Receiver;
  contracts: readonly Contract[];
}

/**
 * The one place `sim serve` and the transports look receivers up: every
 * receiver a family says how to serve (its `serving`), once by name, each
 * with every generic contract.
 */
export function servableReceivers(): readonly ServableReceiver[] {
  const servable = new Map<string, ServableReceiver>();
  for (const family of FAMILIES)
    for (const receiver of family.receivers) {
      const parts = family.serving?.[receiver.name];
      if (parts && !servable.has(receiver.name)) servable.set(receiver.name, { receiver, contracts: CONTRACTS, ...parts });
    }
  return [...servable.values()];
}

export function findServableReceiver(name: string): ServableReceiver | undefined {
  return servableReceivers().find((servable) => servable.receiver.name === name);
}
