import type { JsonValue } from '../../receivers/types.js';

/**
 * A tool a graph declares for its agents, besides the built-in ones: what the
 * model is told, its arguments as JSON Schema (checked by ajv before the tool
 * runs), and its limits. A tool that `acts` applies an effect at the tool
 * server under the receiver contract it names (`atomic-receipt` honours the
 * idempotency key, `no-receipt` does not); one that does not act answers its
 * `output`.
 */
export interface ToolDeclaration {
  description: string;
  parameters: Record<string, JsonValue>;
  /** The tool server's contract for this tool's effect, by name (protocols/receivers/contracts.ts); absent: the tool only answers. */
  acts?: string;
  /** Virtual time one call takes; past timeMaxMs the call is abandoned and acts on nothing. */
  latencyMs?: number;
  timeMaxMs: number;
  /** Characters of output the model may be shown; the rest is cut, with a marker saying so. */
  outputCharsMax: number;
  /** What a tool that does not act answers ('done' when absent). */
  output?: string;
}
