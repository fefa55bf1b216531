import type { ReceiverReply } from '../../receivers/types.js';
import { appendLine, countStep, readConversation } from '../store.js';
import type { ToolCall, TranscriptLine } from '../types.js';
import { callKey } from './confirmation.js';
import { asToolData, truncated } from './run-sandboxed.js';
import { runToolCall, type ToolCallScope } from './tool-call.js';

function replyLine(tool: string, reply: ReceiverReply, charsMax: number): Pick<TranscriptLine, 'role' | 'text'> {
  if (reply.status === 'ok') return { role: 'tool', text: asToolData(tool, truncated(JSON.stringify(reply.result), charsMax)) };
  if (reply.status === 'refused') return { role: 'tool-error', text: `${tool}: refused by the tool server (${reply.reason})` };
  // Asked again, the call is the same request under the same key: a server that keeps receipts applies it once.
  return { role: 'tool-error', text: `${tool}: the tool server did not answer (${reply.status}); it may or may not have acted` };
}

/**
 * One call of a graph's own tool that acts: its arguments and limits checked
 * in the sandbox first (a refused call reaches no server), then the effect
 * sent to the tool server keyed by the conversation, the user's message and
 * the call, so a call the model repeats after a restart is the same request.
 * The reply enters the transcript as data.
 */
export async function runActingCall(scope: ToolCallScope, call: ToolCall): Promise<void> {
  const { ctx, conversationId: id, eventId, agent } = scope;
  const tool = ctx.tools.own[call.name];
  const checked = await ctx.orchestrator.transaction((db) => {
    const line = runToolCall(db, scope, call);
    if (line.role === 'tool' && tool) return { tenant: readConversation(db, id).tenant, args: call.arguments as Record<string, unknown> };
    appendLine(db, id, eventId, { ...line, agent }, ctx.nowMs(), ctx.life);
    countStep(db, id, eventId);
    return undefined;
  });
  if (!checked || !tool) return;
  const key = `${id}:${eventId}:${callKey(call.name, checked.args)}`;
  const reply = await ctx.receiver('tool-server').send({
    tenant: checked.tenant,
    key,
    kind: call.name,
    payload: checked.args as Record<string, never>,
    issuedAtMs: ctx.nowMs(),
    intentionId: key,
  });
  await ctx.orchestrator.transaction((db) => {
    appendLine(db, id, eventId, { ...replyLine(call.name, reply, tool.outputCharsMax), agent }, ctx.nowMs(), ctx.life);
    countStep(db, id, eventId);
  });
}
