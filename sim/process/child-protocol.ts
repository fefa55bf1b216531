import type { AnyFamily } from '../engine/run-case.js';
import type { FamilyProtocol } from '../engine/family.js';
import { protocolFromFile } from '../engine/protocol-file.js';
import { loadFamily } from '../families/index.js';

/** What a child process is told to run: a family by name, and a built-in protocol by name or a user's file. */
export interface ChildProtocolSpec {
  family: string;
  protocol: string;
  protocolFile?: string;
}

/**
 * The family and protocol a child process (a kill-mode life, a stress
 * worker) runs, loaded afresh in this process: a user's file is imported
 * here, so the life starts with fresh module state. An unknown name is said
 * on stderr and the child exits 1, which its parent reports.
 */
export async function childProtocol(spec: ChildProtocolSpec): Promise<{ family: AnyFamily; protocol: FamilyProtocol }> {
  const family = await loadFamily(spec.family);
  const builtIn = family?.protocols.find((entry) => entry.protocol.name === spec.protocol)?.protocol;
  if (!family || (!builtIn && !spec.protocolFile)) {
    process.stderr.write(`unknown ${family ? 'protocol' : 'family'} '${family ? spec.protocol : spec.family}'\n`);
    process.exit(1);
  }
  const protocol = builtIn ?? (await protocolFromFile(family, spec.protocolFile ?? '', spec.protocolFile ?? ''));
  return { family, protocol };
}
