import { InputError } from '../../engine/input-error.js';

/** The packages the family's code imports from the user's installation: the SDK, and zod, which its tools' parameters use. */
export const OPENAI_AGENTS_PEERS = ['@openai/agents-core', 'zod'] as const;

function resolvesFromHere(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Throws, in one sentence with the install line, when a package the family imports is not installed; nothing otherwise. */
export function requirePeers(resolves: (name: string) => boolean = resolvesFromHere): void {
  const missing = OPENAI_AGENTS_PEERS.filter((name) => !resolves(name));
  if (missing.length === 0) return;
  throw new InputError(
    `the openai-agents family runs your agents on the OpenAI Agents SDK, and ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed: npm install --save-dev ${OPENAI_AGENTS_PEERS.join(' ')}`,
  );
}
