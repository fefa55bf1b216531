import { imageValue, type Access, type RowImage } from './footprint.js';

/** One column equality of a statement: against a positional parameter (its index) or a literal. */
type Equality = { column: string; param: number } | { column: string; literal: string };

/** A column an UPDATE sets: to a parameter or literal, or to an expression whose value is not known. */
type Assignment = Equality | { column: string; unknown: true };

interface TableUse {
  table: string;
  write: boolean;
  /** The WHERE clause's top-level equalities (undefined: every row). */
  where?: Equality[];
  /** An UPDATE's assignments: a row it writes may leave with these values. */
  set?: Assignment[];
}

/** What a statement's text says it touches: nothing (transaction control), tables, or something unknown. */
export type StatementShape = { kind: 'none' } | { kind: 'opaque' } | { kind: 'tables'; uses: TableUse[] };

const CONTROL = /^(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;
const TABLE_REFERENCE = /\b(FROM|JOIN|INTO|UPDATE)\s+("[^"]+"|[A-Za-z_]\w*)/gi;
const KEYWORDS = new Set(['SET', 'SELECT', 'VALUES', 'WHERE', 'DEFAULT', 'OR']);
/** Past the WHERE clause: what follows it never narrows or widens the rows it names. */
const WHERE_END = /\b(ORDER|GROUP|LIMIT|RETURNING|HAVING|WINDOW)\b/i;
const EQUALITY = /^(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*=\s*(\?|'#\d+'|-?\d+(?:\.\d+)?)$/;

/** Splits at a top-level separator (a comma, or the word AND), outside parentheses. */
function splitTopLevel(text: string, separator: RegExp): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    if (depth < 0) return undefined;
    if (depth !== 0) continue;
    const match = separator.exec(text.slice(i));
    if (match && match.index === 0 && (!/^\w/.test(match[0]) || i === 0 || /\W/.test(text[i - 1]!))) {
      parts.push(text.slice(start, i));
      start = i + match[0].length;
      i = start - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** A conjunct `column = ?` or `column = literal`, with the index of its parameter (the ?s before it in the whole text). */
function equality(conjunct: string, offset: number, text: string, literals: readonly string[]): Equality | undefined {
  const match = EQUALITY.exec(conjunct);
  if (!match) return undefined;
  const [, column, value] = match as unknown as [string, string, string];
  if (value === '?') return { column, param: (text.slice(0, offset + conjunct.lastIndexOf('?')).match(/\?/g) ?? []).length };
  const literal = /^'#(\d+)'$/.exec(value);
  return { column, literal: literal ? `'${literals[Number(literal[1])]}'` : value };
}

/** The top-level equalities of the clause of `text` from `start` to `end`, joined by `joiner` (AND for WHERE, commas for SET). */
function equalities(
  text: string,
  start: number,
  joiner: RegExp,
  literals: readonly string[],
  end = text.length,
): (Equality | string)[] | undefined {
  const parts = splitTopLevel(text.slice(start, end), joiner);
  if (!parts) return undefined;
  let from = start;
  return parts.map((part) => {
    const offset = text.indexOf(part, from);
    from = offset + part.length;
    return equality(part, offset, text, literals) ?? part;
  });
}

/**
 * Reads a statement's text for the tables it reads and writes and, for a
 * statement on one table whose WHERE clause is a conjunction, the column
 * equalities that bound its rows. Whatever it cannot read for certain it
 * widens: a statement on several tables touches all their rows, an INSERT
 * touches every row of its table (its rowid and unique keys depend on the
 * others), and a statement it does not know is opaque.
 */
export function statementShape(sql: string): StatementShape {
  const literals: string[] = [];
  // Literals out of the way, so that no keyword, parenthesis or ? inside one is read as SQL.
  const text = sql
    .replace(/'((?:[^']|'')*)'/g, (_all, body: string) => `'#${literals.push(body) - 1}'`)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .trim();
  if (text === '' || CONTROL.test(text)) return { kind: 'none' };
  const verb = /^(SELECT|INSERT|UPDATE|DELETE)\b/i.exec(text)?.[1]?.toUpperCase();
  if (!verb || text.includes(';') || /--|\/\*/.test(text)) return { kind: 'opaque' };
  const references = [...text.matchAll(TABLE_REFERENCE)]
    .map((match) => ({ word: match[1]!.toUpperCase(), table: match[2]!.replace(/"/g, '') }))
    .filter((reference) => !KEYWORDS.has(reference.table.toUpperCase()));
  // `FROM a, b` names b after a comma, where no pattern above looks.
  if (/\b(FROM|JOIN)\s+("[^"]+"|\w+)(\s+(AS\s+)?\w+)?\s*,/i.test(text)) return { kind: 'opaque' };
  const target =
    verb === 'INSERT'
      ? references.find((r) => r.word === 'INTO')
      : verb === 'UPDATE'
        ? references.find((r) => r.word === 'UPDATE')
        : verb === 'DELETE'
          ? references.find((r) => r.word === 'FROM')
          : undefined;
  if (verb !== 'SELECT' && !target) return { kind: 'opaque' };
  const tables = new Set(references.map((r) => r.table));
  const uses: TableUse[] = [...tables].map((table) => ({ table, write: table === target?.table }));
  const single = references.length === 1 && (text.match(/\bSELECT\b/gi) ?? []).length <= (verb === 'SELECT' ? 1 : 0);
  const plain = !/\?\d|[:@$][A-Za-z_]|\bBETWEEN\b|\bON CONFLICT\b/i.test(text) && !/^INSERT\b/i.test(text);
  if (!single || !plain) return { kind: 'tables', uses };
  const use = uses[0]!;
  const whereAt = /\bWHERE\b/i.exec(text);
  if (whereAt) {
    const start = whereAt.index + whereAt[0].length;
    const end = WHERE_END.exec(text.slice(start));
    const stop = end ? start + end.index : text.length;
    if (/\bOR\b/i.test(text.slice(start, stop))) return { kind: 'tables', uses };
    const found = equalities(text, start, /^AND\b/i, literals, stop);
    if (!found) return { kind: 'tables', uses };
    use.where = found.filter((item): item is Equality => typeof item !== 'string');
  } else use.where = [];
  if (verb === 'UPDATE') {
    const set = /\bSET\b(.*?)(\bWHERE\b|\bRETURNING\b|$)/i.exec(text);
    const assignments = set ? equalities(text, set.index + 3, /^,/, literals, set.index + 3 + set[1]!.length) : undefined;
    if (!assignments) return { kind: 'tables', uses: [{ table: use.table, write: true }] };
    use.set = assignments.map((item) => {
      if (typeof item !== 'string') return item;
      const column = /^(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*=/.exec(item)?.[1];
      return { column: column ?? '*', unknown: true as const };
    });
    if (use.set.some((assignment) => assignment.column === '*')) return { kind: 'tables', uses: [{ table: use.table, write: true }] };
  }
  return { kind: 'tables', uses };
}

function valueOf(item: Equality, params: readonly unknown[]): string | undefined {
  return 'param' in item
    ? imageValue(params[item.param])
    : imageValue(item.literal.startsWith("'") ? item.literal.slice(1, -1).replace(/''/g, "'") : Number(item.literal));
}

/**
 * The accesses of one run of a statement of this shape with these positional
 * parameters: an UPDATE's rows are named both as they are found and as they
 * are left, so that a step reading either state is seen to conflict.
 */
export function accessesOf(shape: StatementShape & { kind: 'tables' }, store: string, params: readonly unknown[] | undefined): Access[] {
  return shape.uses.map((use): Access => {
    if (!use.where || params === undefined) return { store, table: use.table, write: use.write, rows: 'all' };
    const before = new Map<string, string>();
    for (const item of use.where) {
      const value = valueOf(item, params);
      if (value !== undefined && !before.has(item.column)) before.set(item.column, value);
    }
    if (!use.set) return { store, table: use.table, write: use.write, rows: [before] };
    const after = new Map(before);
    for (const item of use.set) {
      const value = 'unknown' in item ? undefined : valueOf(item, params);
      if (value === undefined) after.delete(item.column);
      else after.set(item.column, value);
    }
    return { store, table: use.table, write: use.write, rows: [before, after] as RowImage[] };
  });
}
