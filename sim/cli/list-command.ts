import type { Command } from 'commander';
import { CONTRACTS } from '../../protocols/receivers/contracts.js';
import { installedFamilies } from '../families/loaded.js';
import { EXIT, type ExitCode } from './errors.js';
import { familyName, FAMILY_OPTION_HELP } from './family-option.js';
import type { Io } from './io.js';
import { formatHelp, formatOption, jsonDocument } from './output-format.js';

const LIST_FORMATS = ['text', 'json'] as const;

interface ListOptions {
  family?: string;
  format: 'text' | 'json';
}

/** `sim list`: what can be run, from the registries themselves, so it is never out of date. */
export function registerList(program: Command, io: Io, exit: (code: ExitCode) => void): void {
  program
    .command('list')
    .description('list the families, their protocols (correct, flawed, repaired), the receiver contracts, the cuts and the properties')
    .option('--family <name>', FAMILY_OPTION_HELP.replace(/ \(default.*\)$/, ' (default: every family)'), familyName)
    .option('-f, --format <format>', formatHelp(LIST_FORMATS), formatOption(LIST_FORMATS), 'text')
    .action(async (options: ListOptions) => {
      // The property definitions (and fast-check) load when they are listed, not at every command's startup.
      const { propertySuite } = await import('../families/index.js');
      const installed = await installedFamilies();
      const suites = new Map(await Promise.all(installed.map(async (family) => [family.name, await propertySuite(family.name)] as const)));
      const families = installed
        .filter((family) => options.family === undefined || family.name === options.family)
        .map((family) => ({
          name: family.name,
          summary: family.summary,
          receivers: family.receivers.map((receiver) => receiver.name),
          protocols: family.protocols.map((entry) => ({
            name: entry.protocol.name,
            status: entry.status,
            summary: entry.protocol.summary,
          })),
          cuts: family.cuts,
          properties: (suites.get(family.name)?.properties ?? []).map((property) => ({
            name: property.name,
            expect: property.expect,
            title: property.title,
          })),
        }));
      const contracts = CONTRACTS.map((contract) => ({ name: contract.name, summary: contract.summary }));
      if (options.format === 'json') {
        io.stdout(jsonDocument({ kind: 'list', tool: 'cutpoint', families, contracts }));
        return exit(EXIT.ok);
      }
      const lines: string[] = [];
      for (const family of families) {
        lines.push(`family ${family.name}: ${family.summary}`, `  receivers: ${family.receivers.join(', ')}`, '  protocols:');
        const width = Math.max(...family.protocols.map((protocol) => protocol.name.length));
        for (const protocol of family.protocols)
          lines.push(`    ${protocol.name.padEnd(width)}  ${protocol.status.padEnd(8)}  ${protocol.summary}`);
        lines.push('  cuts:');
        family.cuts.forEach((cut, index) => lines.push(`    ${index} ${cut.name}: ${cut.meaning}`));
        lines.push('  properties (sim check):');
        const named = Math.max(0, ...family.properties.map((property) => property.name.length));
        for (const property of family.properties) {
          lines.push(`    ${property.name.padEnd(named)}  ${property.expect === 'hold' ? 'holds' : 'finds'}  ${property.title}`);
        }
        if (family.properties.length === 0) lines.push('    (none yet)');
        lines.push('');
      }
      lines.push('receiver contracts (every family):');
      const width = Math.max(...contracts.map((contract) => contract.name.length));
      for (const contract of contracts) lines.push(`  ${contract.name.padEnd(width)}  ${contract.summary}`);
      io.stdout(lines.join('\n') + '\n');
      exit(EXIT.ok);
    });
}
