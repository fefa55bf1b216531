import { join } from 'node:path';
import { createScratch, defaultScratchParent } from '../process/scratch.js';
import { FileMedium, MemoryMedium } from '../engine/connections.js';
import type { FamilyProtocol } from '../engine/family.js';
import { runCase, type AnyFamily } from '../engine/run-case.js';
import { runFamily } from '../engine/run-family.js';
import type { Boundary, BoundaryCell, BoundaryRow } from '../results/boundary-rows.js';
import { cellIntention } from './run-table.js';

export type { Boundary, BoundaryCell, BoundaryRow } from '../results/boundary-rows.js';

/** The protocol's own fault-free run failed: a fact about the protocol, shown as a row not judged, never a bug of cutpoint. */
export class FaultFreeRunFailed extends Error {}

function boundaryOf(family: AnyFamily, name: string, number: number): Boundary {
  const at = name.lastIndexOf('@');
  const kind = at === -1 ? name : name.slice(0, at);
  const classic = family.cuts.findIndex((cut) => cut.name === kind);
  return { number, name, kind, site: at === -1 ? 'unknown' : name.slice(at + 1), classic: classic === -1 ? null : classic };
}

/**
 * Finds every durable boundary of a protocol from one fault-free run: each
 * `ctx.cut`, each orchestrator or receiver commit that wrote something, each
 * file the world writes on the protocol's behalf (the plan family's
 * checkpoint), and the point after the warehouse commit before the reply is
 * observed. In memory, except for a family whose world keeps real files
 * beside its stores: that run gets a scratch folder, removed once it is read.
 */
export async function discoverBoundaries(family: AnyFamily, protocol: FamilyProtocol, workload: unknown): Promise<Boundary[]> {
  const scratch = family.needsRealFolder ? createScratch(defaultScratchParent()) : undefined;
  try {
    const outcome = await runFamily(family, {
      protocol,
      workload,
      folder: scratch ? join(scratch.path, protocol.name) : `discovery/${protocol.name}`,
      medium: scratch ? new FileMedium() : new MemoryMedium(),
      plan: [],
      livesMax: 1,
      discoverBoundaries: true,
    });
    if (outcome.end.kind === 'error') throw new FaultFreeRunFailed(`the fault-free run of ${protocol.name} failed: ${outcome.end.message}`);
    return outcome.history
      .all()
      .filter((event) => event.type === 'cut' && event.life === 0)
      .map((event, index) => boundaryOf(family, event.op, index + 1));
  } finally {
    scratch?.remove();
  }
}

/** Crashes a protocol right after each of its discovered boundaries in turn, each case on fresh stores. */
export async function runBoundaryRow(
  family: AnyFamily,
  protocol: FamilyProtocol,
  runFolder: string,
  onCase?: (cell: BoundaryCell) => void,
): Promise<BoundaryRow> {
  const own = family.protocolWorkload?.(protocol);
  const workload = own ?? family.tableWorkload;
  let boundaries: Boundary[];
  try {
    boundaries = await discoverBoundaries(family, protocol, workload);
  } catch (error) {
    if (error instanceof FaultFreeRunFailed) return { protocol: protocol.name, boundaries: [], cells: [], error: error.message };
    throw error;
  }
  const cells: BoundaryCell[] = [];
  const label = cellIntention(family, own);
  for (const boundary of boundaries) {
    const result = await runCase({
      family,
      protocol,
      workload,
      folder: join(runFolder, protocol.name, `boundary-${boundary.number}`),
      cut: { index: boundary.number, name: boundary.name },
      discoverBoundaries: true,
    });
    const cell = { boundary, effects: result.error ? null : (result.effects[label] ?? null), case: result };
    cells.push(cell);
    onCase?.(cell);
  }
  return { protocol: protocol.name, boundaries, cells };
}
