import type { Connection } from '../../../sim/engine/connections.js';
import type { HarnessSeams } from '../seams.js';
import { readConversation } from '../store.js';
import type { HandoverContext, ToolCall, TranscriptLine } from '../types.js';
import { callKey } from './confirmation.js';
import { runSandboxed, validateToolArguments } from './run-sandboxed.js';

export interface ToolCallScope {
  ctx: HandoverContext;
  seams: HarnessSeams;
  conversationId: string;
  eventId: string;
  agent: string;
  /** The user's message this loop answers: the only voice that can confirm an irreversible call. */
  userText: string;
}

/**
 * One call of a local tool, inside the harness's transaction: offered to
 * this agent, its arguments valid by the tool's schema, an irreversible one
 * confirmed by the user, then run in the sandbox. Returns the transcript
 * line the model sees next: the tool's output as data, or the error.
 */
export function runToolCall(db: Connection, scope: ToolCallScope, call: ToolCall): Pick<TranscriptLine, 'role' | 'text'> {
  const { ctx, seams, conversationId, eventId, agent } = scope;
  const tool = ctx.graph.agents[agent]?.tools.includes(call.name) ? (seams.tools[call.name] ?? ctx.tools.own[call.name]) : undefined;
  if (!tool) return { role: 'tool-error', text: `${call.name}: no such tool for ${agent}` };
  const valid = validateToolArguments(tool, call.arguments);
  if (!valid.ok) return { role: 'tool-error', text: valid.error };
  if (tool.irreversible) {
    const key = callKey(call.name, valid.value);
    const asked = db
      .prepare('SELECT event_id FROM pending_confirmations WHERE conversation_id = ? AND call_key = ?')
      .get(conversationId, key) as { event_id: string } | undefined;
    const askedEarlier = asked !== undefined && asked.event_id !== eventId;
    if (!seams.confirmIrreversible({ args: valid.value }, scope.userText, askedEarlier)) {
      db.prepare('INSERT OR IGNORE INTO pending_confirmations (conversation_id, call_key, event_id) VALUES (?, ?, ?)').run(
        conversationId,
        key,
        eventId,
      );
      return { role: 'tool', text: `confirmation needed: ask the user to confirm ${call.name} ${JSON.stringify(valid.value)}` };
    }
    db.prepare('DELETE FROM pending_confirmations WHERE conversation_id = ? AND call_key = ?').run(conversationId, key);
  }
  const result = runSandboxed(db, tool, valid.value, { conversationId, tenant: readConversation(db, conversationId).tenant });
  return result.ok ? { role: 'tool', text: result.value } : { role: 'tool-error', text: result.error };
}
