import type { JsonValue } from '../receivers/types.js';

/** A tool as the model is offered it: a name, what it does, and its arguments as JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, JsonValue>;
}
