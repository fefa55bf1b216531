import { receiverSchema } from '../../../protocols/receivers/schema.js';
import { applyToolCall, TOOL_CALLS_SCHEMA } from '../../../protocols/receivers/tool-calls.js';
import type { Receiver } from '../../../protocols/receivers/types.js';

/** The remote system the graph's tools act on. Its reply can be lost after it committed: the cut `effect-applied`. */
export const EFFECTS_RECEIVER: Receiver = {
  name: 'effects',
  schema: receiverSchema(TOOL_CALLS_SCHEMA),
  effect: applyToolCall,
  appliedCut: 'effect-applied',
};
