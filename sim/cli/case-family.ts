import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Family, FamilyProtocol } from '../engine/family.js';
import { installedFamilies } from '../families/loaded.js';

/**
 * The family with a case view whose stores a case folder holds (every one of
 * its receivers' `<name>.db` beside orchestrator.db), the way `sim show`
 * finds out how to print the case without being told; undefined when none
 * has a view of its own.
 */
export async function caseViewFamily(historyPath: string): Promise<Family<FamilyProtocol, unknown, unknown> | undefined> {
  const folder = dirname(historyPath);
  if (!existsSync(join(folder, 'orchestrator.db'))) return undefined;
  return (await installedFamilies()).find(
    (family) => family.caseView !== undefined && family.receivers.every((receiver) => existsSync(join(folder, `${receiver.name}.db`))),
  );
}
