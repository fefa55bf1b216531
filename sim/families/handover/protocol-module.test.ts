import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceHarness } from '../../../protocols/handover/reference-harness.js';
import { runCli } from '../../cli/testing/run-cli.js';
import { printedRow } from '../../cli/testing/table-run.js';
import { tempFolder } from '../../testing/temp-folder.js';
import { protocolFromModule } from './protocol-module.js';

const cwd = tempFolder('handover-module');
const fixture = join(process.cwd(), 'sim', 'testing', 'fixtures', 'handover-named-contract.mts');
const harness = (contracts: unknown) => ({ default: { ...referenceHarness, name: 'mine', contracts } });

describe("a handover harness module's contracts", () => {
  it('may name built-in contracts, as reservation and plan protocols may, and default to atomic receipts', () => {
    const protocol = protocolFromModule(harness({ 'human-queue': 'no-receipt' }), './mine.mts');
    if (typeof protocol === 'string') throw new Error(protocol);
    expect(protocol.contracts['human-queue'].name).toBe('no-receipt');
    expect(protocol.contracts['message-channel'].name).toBe('atomic-receipt');
  });

  it.each([
    { contracts: { 'human-queue': 'no-reciept' }, says: "./mine.mts: contracts['human-queue'] must be one of no-receipt, atomic-receipt," },
    { contracts: { human_queue: 'no-receipt' }, says: "./mine.mts: contracts has 'human_queue', which is no receiver of this family" },
    { contracts: 'no-receipt', says: './mine.mts: contracts must be an object with human-queue and/or message-channel' },
  ])('refuses $contracts in one sentence that says what to write', ({ contracts, says }) => {
    const refused = protocolFromModule(harness(contracts), './mine.mts');
    expect(typeof refused).toBe('string');
    expect(refused).toContain(says);
  });

  it('a named no-receipt ticket queue measures the duplicate ticket at ticket-enqueued, which fails the table', async () => {
    const { code, stdout, stderr } = await runCli(['table', '--family', 'handover', '-p', fixture, '--cut', '2'], cwd);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(stdout).toContain('expected 1, measured 2 (duplicate)');
    expect(printedRow(stdout, 'named-no-receipt')?.slice(0, 1)).toEqual(['2']);
  });
});
