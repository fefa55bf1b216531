/**
 * One test case of a JUnit report: a table cell, a probe clause, a property.
 * `passed: false` with a message is a failure; `skipped` is a case that was
 * not run (a probe clause whose precondition was missing), which JUnit
 * readers show apart from both.
 */
export interface JunitCase {
  /** The group a CI system shows the case under: the protocol, the probe, the family's properties. */
  suite: string;
  name: string;
  passed: boolean;
  /** Why it failed (or was skipped); shown by the CI system, also for a pass when given. */
  message?: string;
  skipped?: boolean;
  timeMs?: number;
}

/**
 * The JUnit XML document (the `testsuites` form most CI systems read: Jenkins,
 * GitLab, GitHub Actions reporters) of a list of cases, grouped into suites in
 * the order the suites first appear. Every text is escaped for XML 1.0, and
 * characters XML 1.0 cannot hold at all (most control characters, lone
 * surrogates) are replaced by U+FFFD, so any protocol's message makes a valid
 * document.
 */
export function junitXml(name: string, cases: readonly JunitCase[]): string {
  const suites = new Map<string, JunitCase[]>();
  for (const testCase of cases) suites.set(testCase.suite, [...(suites.get(testCase.suite) ?? []), testCase]);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites ${attributes({ name, ...tallies(cases) })}>`];
  for (const [suite, members] of suites) {
    lines.push(`  <testsuite ${attributes({ name: suite, ...tallies(members) })}>`);
    for (const member of members) lines.push(...caseLines(member));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}

function caseLines(testCase: JunitCase): string[] {
  const open = `    <testcase ${attributes({ classname: testCase.suite, name: testCase.name, time: seconds(testCase.timeMs) })}`;
  if (testCase.skipped)
    return [`${open}>`, `      <skipped ${attributes({ message: testCase.message ?? 'not run' })}/>`, '    </testcase>'];
  if (!testCase.passed) {
    const message = testCase.message ?? 'failed';
    return [`${open}>`, `      <failure ${attributes({ message: firstLine(message) })}>${escapeXml(message)}</failure>`, '    </testcase>'];
  }
  if (testCase.message) return [`${open}>`, `      <system-out>${escapeXml(testCase.message)}</system-out>`, '    </testcase>'];
  return [`${open}/>`];
}

function tallies(cases: readonly JunitCase[]): Record<string, string> {
  const totalMs = cases.reduce((sum, testCase) => sum + (testCase.timeMs ?? 0), 0);
  return {
    tests: String(cases.length),
    failures: String(cases.filter((testCase) => !testCase.skipped && !testCase.passed).length),
    errors: '0',
    skipped: String(cases.filter((testCase) => testCase.skipped).length),
    time: seconds(totalMs),
  };
}

function attributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key}="${escapeXml(value)}"`)
    .join(' ');
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

/**
 * Text as XML 1.0 character data or an attribute value: the five markup
 * characters as entities, line breaks and tabs as character references (so
 * attribute values keep them), and what XML 1.0 forbids replaced.
 */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}
