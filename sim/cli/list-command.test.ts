import { describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../protocols/receivers/contracts.js';
import { installedFamilies } from '../families/loaded.js';
import { runCli } from './testing/run-cli.js';

describe('sim list', () => {
  it('names every family, each protocol with its status, every contract, cut and property, from the registries', async () => {
    const { code, stdout, stderr } = await runCli(['list', '--format', 'json'], process.cwd());
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const listed = JSON.parse(stdout) as {
      families: { name: string; protocols: { name: string; status: string }[]; cuts: { name: string }[]; properties: { name: string }[] }[];
      contracts: { name: string }[];
    };
    expect(listed.families.map((family) => family.name)).toEqual((await installedFamilies()).map((family) => family.name));
    const reservation = listed.families.find((family) => family.name === 'reservation');
    expect(reservation?.protocols.find((p) => p.name === 'outbox-dedup')?.status).toBe('correct');
    expect(reservation?.protocols.find((p) => p.name === 'mark-first')?.status).toBe('flawed');
    expect(reservation?.protocols.find((p) => p.name === 'async-accept-reconciled')?.status).toBe('repaired');
    expect(reservation?.cuts.map((cut) => cut.name)).toEqual([
      'before-intent',
      'intent-recorded',
      'effect-applied',
      'response-observed',
      'confirmed',
    ]);
    expect(reservation?.properties.map((p) => p.name)).toContain('dedup-safety');
    expect(listed.contracts.map((contract) => contract.name)).toEqual(CONTRACTS.map((contract) => contract.name));
  });

  it('prints text, one family at a time with --family; an unknown family is bad input', async () => {
    const text = await runCli(['list', '--family', 'reservation'], process.cwd());
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^family reservation: /);
    expect(text.stdout).toMatch(/outbox-dedup +correct/);
    const bad = await runCli(['list', '--family', 'nope'], process.cwd());
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/unknown family 'nope'/);
  });
});
