import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder.js';
import { trialLoad } from './trial-load.js';

const folder = tempFolder('trial-claims');
const module = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

// The family choice loads the family the trial names before sim's own thread imports the module.
describe('the trial thread says which families claim the module it imported', () => {
  it('a TypeScript module exporting a graph: the langgraph family', async () => {
    const path = module('graph.ts', `export const graph = (options: unknown) => options;\n`);
    expect(await trialLoad(path, 'graph.ts')).toEqual(['langgraph']);
  });

  it('a module exporting both a graph and an agent: both families', async () => {
    const path = module('both.mjs', `export const graph = () => 1;\nexport const agent = () => 2;\n`);
    expect(await trialLoad(path, 'both.mjs')).toEqual(['langgraph', 'openai-agents']);
  });

  it('a protocol object: no family claims it', async () => {
    const path = module('plain.mjs', `export default { name: 'plain', summary: 's', contract: 'no-receipt' };\n`);
    expect(await trialLoad(path, 'plain.mjs')).toEqual([]);
  });

  it('a module whose import throws: nothing to say (the import in sim says why)', async () => {
    const path = module('throws.mjs', `throw new Error('no');\n`);
    expect(await trialLoad(path, 'throws.mjs')).toBeUndefined();
  });
});
