import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HistoryEvent } from '../engine/history.js';
import type { Life } from '../engine/runner.js';
import { byCodePoint } from '../engine/code-point-order.js';
import { canonical, type Renaming } from './symmetry.js';

/** Every table of every store open in this life, row by row: the durable state. */
export function storeContents(life: Life): string {
  return life.connections
    .handles()
    .filter((db) => db.open)
    .map((db) => {
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[];
      return tables.map(({ name }) => `${name}:${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).raw().all())}`).join(';');
    })
    .join('|');
}

/**
 * The files a world keeps beside its stores in a real case folder (the plan
 * family's JSON checkpoint and any temporary file beside it), by name and
 * content: durable state as much as a table row is. The stores themselves
 * and the history are not among them.
 */
export function filesBesideStores(folder: string): string {
  if (!existsSync(folder)) return '';
  return readdirSync(folder)
    .filter((name) => !/\.db(-wal|-shm)?$/.test(name) && name !== 'history.jsonl')
    .sort()
    .map((name) => `${name}=${readFileSync(join(folder, name), 'utf8')}`)
    .join(';');
}

/** What a worker has done in this life, minus run-wide counters that differ between equivalent interleavings. */
function ownSteps(events: readonly HistoryEvent[], life: number, worker: string): string {
  return events
    .filter((event) => event.life === life && event.worker === worker)
    .map((event) => {
      const value =
        event.value !== null && typeof event.value === 'object' && !Array.isArray(event.value)
          ? { ...event.value, call: undefined }
          : event.value;
      return `${event.type}:${event.op}:${JSON.stringify(value)}`;
    })
    .join(',');
}

/** A state's fingerprint, and the renaming of interchangeable workers that took the state to the image it fingerprints. */
export interface StatePrint {
  print: string;
  renaming: Renaming;
}

/**
 * The state of an execution at a choice point: the stores' contents, the
 * clock, the life and the crashes spent, the files beside the stores, and each worker's position and own
 * steps in this life (its local variables are a function of those). Two
 * executions with equal fingerprints have the same futures, so one of them
 * need not be explored further. With `interchangeable` workers, it is the
 * fingerprint of the least image of the state under renamings of them
 * (symmetry.ts): states equal up to such a renaming share it.
 */
export function fingerprint(
  life: Life,
  crashesUsed: number,
  positions: ReadonlyMap<string, string>,
  besideStores = '',
  interchangeable: readonly string[] = [],
): StatePrint {
  const events = life.history.all();
  const head = `${life.index}/${crashesUsed}/${life.clock.nowMs()}/${storeContents(life)}/${besideStores}`;
  const workers = [...positions.entries()].map(([worker, position]) => [worker, `${position}[${ownSteps(events, life.index, worker)}]`]);
  const { text, renaming } = canonical(interchangeable, (rename) => {
    const renamed = workers
      .map(([worker, steps]) => `${rename.name(worker!)}@${rename.text(steps!)}`)
      .sort(byCodePoint)
      .join(' ');
    return `${rename.text(head)}/${renamed}`;
  });
  return { print: createHash('sha1').update(text).digest('hex'), renaming };
}
