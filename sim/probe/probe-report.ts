import type { ProbeResults } from './probe-results.js';

const OUTCOME_WORDS = { pass: 'pass', fail: 'FAIL', 'not-run': 'not run' } as const;

/** The probe's report for a terminal: one aligned row per clause, then the verdict line. */
export function probeReport(results: ProbeResults): string {
  const { target } = results;
  const header = ['clause', 'expected', 'observed', 'verdict', 'requests'];
  const rows = results.clauses.map((clause) => [
    clause.name,
    clause.expected,
    clause.observed,
    OUTCOME_WORDS[clause.verdict],
    clause.requests.length ? `#${clause.requests.join(' #')}` : '',
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  const count = (verdict: keyof typeof OUTCOME_WORDS) => results.clauses.filter((clause) => clause.verdict === verdict).length;
  return [
    `sim probe: POST ${target.url} ${target.body}`,
    `  keys in ${target.keyField}, tenants ${target.tenantField ? `in ${target.tenantField}` : 'not sent'}, counted by ${target.countUrl}, ${target.concurrency} at once`,
    '',
    line(header),
    rule,
    ...rows.map(line),
    ...results.noResponses.map(
      (note) => `  no response (${note.label}): ${note.meaning}; in ${note.clauses.join(', ')} (#${note.requests.join(' #')})`,
    ),
    '',
    `${count('pass')} passed, ${count('fail')} failed, ${count('not-run')} not run: ${results.passed ? 'safe to retry, as far as the probe can see' : 'NOT safe to retry'}`,
    `requests and responses (#n): history.jsonl; sim show <run folder> prints them`,
    '',
  ].join('\n');
}
