import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langgraphEntry } from '../families/langgraph/entry.js';
import { openaiAgentsEntry } from '../families/openai-agents/entry.js';
import { toolIntention } from '../../protocols/receivers/tool-calls.js';
import { installConsumerProject, runUserTests, type ConsumerProject } from '../testing/consumer-project.js';
import { codeBlockAfter } from '../testing/doc-pages.js';
import { effectsFor } from '../testing/effects-file.js';

const REPO = resolve(import.meta.dirname, '../..');

/** What a user installs next to cutpoint for each framework family: its peers, and zod, which README's graph imports. */
const FRAMEWORK_PACKAGES = [...new Set([...langgraphEntry.peers, ...openaiAgentsEntry.peers, 'zod'])];

/** A user's module of each family, as the documentation gives it, and what its example's intention is counted under. */
const EXAMPLES = [
  {
    file: 'refund-graph.ts',
    name: 'refund-graph',
    text: codeBlockAfter('README.md', '## Test your own agent'),
    intention: toolIntention('refund', { order: 7, cents: 1250 }),
    measured: [2, 2, 1],
  },
  {
    file: 'my-agents.ts',
    name: 'my-agents',
    text: codeBlockAfter('docs/explanation/families/openai-agents.md', '## Your own agents'),
    intention: toolIntention('cancel_subscription', { subscription: '7' }),
    measured: [1, 2, 2, 1],
  },
];

/** The user's test of one module: N=1 at every cut, as they expect of it, and no family named (the module says which). */
function userTest(example: (typeof EXAMPLES)[number]): string {
  const ones = example.measured.map(() => 1).join(', ');
  return `import { it } from 'vitest';
import { expectTableRow } from 'cutpoint/vitest';

it('${example.name}: one effect at every cut', { timeout: 240_000 }, async () => {
  await expectTableRow('./${example.file}', [${ones}]);
});
`;
}

describe('the framework families in a fresh project: cutpoint packed, installed next to LangGraph and the Agents SDK (npm ci --offline)', () => {
  let project: ConsumerProject;
  let result: ReturnType<typeof runUserTests>;

  beforeAll(() => {
    project = installConsumerProject(REPO, FRAMEWORK_PACKAGES);
    for (const example of EXAMPLES) {
      writeFileSync(join(project.folder, example.file), example.text);
      writeFileSync(join(project.folder, example.file.replace(/\.ts$/, '.test.ts')), userTest(example));
    }
    result = runUserTests(project, 300_000);
  }, 420_000);

  afterAll(() => {
    if (project) rmSync(project.folder, { recursive: true, force: true });
  });

  it.each(EXAMPLES)(
    "$name: the user's expectTableRow fails with the N it measured, and the effects files its run folder keeps in their project hold that N",
    (example) => {
      const test = result(`${example.name}: one effect at every cut`);
      const message = test?.failureMessages.join('\n') ?? '';
      expect(test?.status, message).toBe('failed');
      const ones = example.measured.map(() => 1).join(', ');
      expect(message).toMatch(`table row of ${example.name}: expected [${ones}], measured [${example.measured.join(', ')}]`);
      const runFolder = resolve(project.folder, /run folder: (\S+)/.exec(message)?.[1] ?? '(no run folder named)');
      expect(runFolder.startsWith(join(project.folder, 'runs'))).toBe(true);
      const counted = example.measured.map((_, cut) =>
        effectsFor(join(runFolder, example.name, `cut-${cut}`, 'effects.db'), example.intention),
      );
      expect(counted).toEqual(example.measured);
    },
  );
});
