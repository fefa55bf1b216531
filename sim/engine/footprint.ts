/**
 * The rows of one table a statement may touch, as a conjunction of column
 * equalities: every row whose `column` holds `value` for each entry. An empty
 * image is every row of the table.
 */
export type RowImage = ReadonlyMap<string, string>;

/** One store table a step read or wrote, and which of its rows (the union of `rows`), or all of them. */
export interface Access {
  store: string;
  table: string;
  write: boolean;
  rows: readonly RowImage[] | 'all';
}

/**
 * What one step of a worker touched: the store rows it read and wrote, or
 * `opaque` when it did something whose reach is unknown (a statement that
 * cannot be attributed to tables, time moving on, a file written). An
 * opaque step conflicts with every step.
 */
export interface Footprint {
  opaque: boolean;
  accesses: Access[];
}

export function emptyFootprint(): Footprint {
  return { opaque: false, accesses: [] };
}

/** Some row both images may describe: no column both name holds a different value in each. */
function overlap(a: RowImage, b: RowImage): boolean {
  for (const [column, value] of a) {
    const other = b.get(column);
    if (other !== undefined && other !== value) return false;
  }
  return true;
}

function accessesConflict(a: Access, b: Access): boolean {
  if (a.store !== b.store || a.table !== b.table || (!a.write && !b.write)) return false;
  if (a.rows === 'all' || b.rows === 'all') return true;
  return a.rows.some((x) => (b.rows as readonly RowImage[]).some((y) => overlap(x, y)));
}

/**
 * Two steps conflict (their order may matter) when either is opaque, or one
 * writes a row the other reads or writes. Steps that do not conflict commute:
 * running them in either order leaves the same stores and the same results.
 */
export function conflicts(a: Footprint, b: Footprint): boolean {
  if (a.opaque || b.opaque) return true;
  return a.accesses.some((x) => b.accesses.some((y) => accessesConflict(x, y)));
}

/**
 * A bound value as an image keeps it: SQLite compares 1 and '1' equal in a
 * column of numeric affinity, so numbers and numeric text share one form
 * (two values of one form may differ in SQLite, never the other way round).
 * Undefined for a value no equality can be relied on for (NULL, a blob).
 */
export function imageValue(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return `n:${Number(value)}`;
  if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? `n:${Number(trimmed)}` : `s:${value}`;
}
