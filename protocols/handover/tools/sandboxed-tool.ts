import type { Connection } from '../../../sim/engine/connections.js';
import type { ToolSpec } from '../tool-spec.js';

/**
 * What a tool is given for one call, and nothing more: its own arguments,
 * the conversation's store, the one credential its scope names (injected by
 * the harness for this call, never seen by the model), a network that
 * reaches only the hosts it is allowed, and a budget of virtual time.
 */
export interface ToolEnv {
  db: Connection;
  conversationId: string;
  tenant: string;
  credential: string | undefined;
  /** Asks a host; refused (the call fails) unless the tool lists the host. */
  reach(host: string, path: string): string;
  /** Spends virtual time; past the tool's timeMaxMs the call is abandoned and its writes undone. */
  spendMs(ms: number): void;
}

export interface SandboxedTool {
  spec: ToolSpec;
  /** Which secret of the vault the tool needs; absent for a tool that needs none. */
  credentialScope?: string;
  allowedHosts: readonly string[];
  /** Wall time per call, on the virtual clock. */
  timeMaxMs: number;
  /** Characters of output the model may be shown; the rest is cut, with a marker saying so. */
  outputCharsMax: number;
  /** Booking, cancelling, sending: done once per key, and only after the user confirmed it. */
  irreversible: boolean;
  execute(args: Record<string, unknown>, env: ToolEnv): string;
}
