import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_BOUNDS } from '../scenarios/reservation/properties/arbitraries.js';
import { checkReservationProperty, type StoreKind } from '../scenarios/reservation/properties/check-property.js';
import { findProperty } from '../scenarios/reservation/properties/definitions.js';
import { defaultScratchParent } from '../sim/process/scratch.js';
import { replayBare, TracingMedium } from './sql-trace.js';

export interface PropertyThroughput {
  label: string;
  runsPerSecond: number;
  msPerRun: number;
}

/**
 * Property throughput for one property on each store, and the floor: the
 * exact SQLite operations of the same runs (traced), replayed bare.
 */
export async function propertyThroughput(property: string, runs: number, seed: number): Promise<PropertyThroughput[]> {
  const definition = findProperty(property);
  if (!definition) throw new Error(`unknown property ${property}`);
  const rows: PropertyThroughput[] = [];
  const measure = async (label: string, store: StoreKind, parent: string) => {
    const scratch = mkdtempSync(join(parent, 'cutpoint-bench-'));
    try {
      const result = await checkReservationProperty(definition, { runs, seed, bounds: DEFAULT_BOUNDS, store, scratch });
      rows.push({ label, runsPerSecond: result.runsPerSecond, msPerRun: 1000 / result.runsPerSecond });
      return scratch;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  };
  const shm = defaultScratchParent();
  await measure(`${property}, file-backed, scratch in ${shm}`, 'file', shm);
  if (shm !== tmpdir()) await measure(`${property}, file-backed, scratch in ${tmpdir()} (disk)`, 'file', tmpdir());
  await measure(`${property}, in-memory store`, 'memory', shm);

  const traceScratch = mkdtempSync(join(shm, 'cutpoint-trace-'));
  const bareFolder = mkdtempSync(join(shm, 'cutpoint-bare-'));
  try {
    const tracing = new TracingMedium();
    await checkReservationProperty(definition, { runs, seed, bounds: DEFAULT_BOUNDS, store: 'file', scratch: traceScratch, medium: tracing });
    const started = performance.now();
    replayBare(tracing.ops, traceScratch, bareFolder);
    const seconds = (performance.now() - started) / 1000;
    rows.push({
      label: `same SQLite operations replayed bare (${tracing.ops.length} ops)`,
      runsPerSecond: runs / seconds,
      msPerRun: (seconds * 1000) / runs,
    });
  } finally {
    rmSync(traceScratch, { recursive: true, force: true });
    rmSync(bareFolder, { recursive: true, force: true });
  }
  return rows;
}
