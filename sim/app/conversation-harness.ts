import type { ConversationHarness } from '../engine/conversation-harness.js';
import { InputError } from '../engine/input-error.js';
import { importModule } from '../engine/protocol-file.js';
import { FAMILY_ENTRIES, missingPeers } from '../families/index.js';

/**
 * The conversation harness a registered family plays a user's module as:
 * the first entry that claims the module's exports and can play it
 * (FamilyEntry.conversationHarness); undefined when none does, so the
 * evaluating family reads the module as its own. A claiming family whose
 * packages are not installed is one sentence with the npm line.
 */
export async function claimedConversationHarness(path: string, shownAs: string): Promise<ConversationHarness | undefined> {
  const exports = await importModule(path, { shownAs });
  const entry = FAMILY_ENTRIES.find((candidate) => candidate.conversationHarness && candidate.claims?.(exports));
  if (!entry?.conversationHarness) return undefined;
  const missing = missingPeers(entry);
  if (missing.length > 0)
    throw new InputError(`${shownAs} is a module of the ${entry.name} family, which runs on ${missing.join(', ')}, not installed here: npm install ${missing.join(' ')}`);
  return entry.conversationHarness(path, shownAs);
}
