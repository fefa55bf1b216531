import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parseHistory } from '../../engine/history.js';
import { InputError } from '../../engine/input-error.js';
import { byCodePoint } from '../../engine/code-point-order.js';

interface Line {
  atMs: number;
  order: number;
  conversation: string;
  who: string;
  text: string;
}

/** Virtual time as a reader of a conversation wants it: the day (from 1) and the time of day. */
function clockText(atMs: number): string {
  const day = Math.floor(atMs / 86_400_000) + 1;
  const ofDay = atMs % 86_400_000;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `d${day} ${pad(Math.floor(ofDay / 3_600_000))}:${pad(Math.floor(ofDay / 60_000) % 60)}:${pad(Math.floor(ofDay / 1000) % 60)}.${pad(ofDay % 1000, 3)}`;
}

function rows<T>(path: string, sql: string): T[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * A handover case as a conversation: who said what and when (virtual time),
 * which agent had the conversation after each step, and when the queue
 * committed each ticket and the channel each message. Read from the case's
 * three stores, each opened read-only.
 */
export function conversationTimeline(folder: string): string[] {
  const store = (name: string) => {
    const path = join(folder, `${name}.db`);
    if (!existsSync(path)) throw new InputError(`${folder} is not a handover case: it has no ${name}.db`);
    return path;
  };
  const lines: Line[] = [];
  const active = new Map<string, { agent: string; from: string }>();
  const transcript = rows<{
    id: number;
    conversation_id: string;
    role: string;
    agent: string | null;
    target: string | null;
    text: string;
    life: number;
    at_ms: number;
  }>(store('orchestrator'), 'SELECT * FROM transcript ORDER BY id');
  for (const row of transcript) {
    const state = active.get(row.conversation_id) ?? { agent: '?', from: '?' };
    if (row.role === 'transfer' || row.role === 'handover')
      Object.assign(state, { from: row.agent ?? state.agent, agent: row.target ?? state.agent });
    if (row.role === 'operator') state.agent = state.from;
    active.set(row.conversation_id, state);
    const who =
      row.role === 'user'
        ? 'user'
        : row.role === 'operator'
          ? `${row.agent} (operator)`
          : row.role === 'harness'
            ? 'harness'
            : `${row.agent}`;
    const moved = ['transfer', 'handover', 'operator'].includes(row.role) ? `   [active: ${state.agent}]` : '';
    lines.push({
      atMs: row.at_ms,
      order: row.id,
      conversation: row.conversation_id,
      who,
      text: `${row.role === 'agent' || row.role === 'user' || row.role === 'operator' ? '' : `${row.role}: `}${row.text}${moved} (life ${row.life})`,
    });
  }
  for (const ticket of rows<{
    id: number;
    conversation_id: string;
    intention_id: string;
    reason: string;
    created_at_ms: number;
    resolved_at_ms: number | null;
  }>(store('human-queue'), 'SELECT * FROM tickets ORDER BY id')) {
    lines.push({
      atMs: ticket.created_at_ms,
      order: 1e9 + ticket.id,
      conversation: ticket.conversation_id,
      who: 'human-queue',
      text: `ticket #${ticket.id} committed for handover ${ticket.intention_id} (${ticket.reason})`,
    });
    if (ticket.resolved_at_ms !== null) {
      lines.push({
        atMs: ticket.resolved_at_ms,
        order: 2e9 + ticket.id,
        conversation: ticket.conversation_id,
        who: 'human-queue',
        text: `ticket #${ticket.id} resolved by the operator`,
      });
    }
  }
  for (const message of rows<{ id: number; conversation_id: string; kind: string; text: string; sent_at_ms: number }>(
    store('message-channel'),
    'SELECT * FROM messages ORDER BY id',
  )) {
    lines.push({
      atMs: message.sent_at_ms,
      order: 3e9 + message.id,
      conversation: message.conversation_id,
      who: 'message-channel',
      text: `${message.kind} sent to the user: ${message.text}`,
    });
  }
  // The process's own story from history.jsonl: where it crashed and when it came back.
  const history = join(folder, 'history.jsonl');
  const conversations = [...new Set(lines.map((line) => line.conversation))];
  if (existsSync(history)) {
    for (const event of parseHistory(readFileSync(history, 'utf8'), history)) {
      const text =
        event.type === 'crash'
          ? `✗ CRASH at ${event.op}`
          : event.type === 'life' && event.op !== 'attempt'
            ? `── life ${event.life}: ${event.op} ──`
            : null;
      if (text)
        for (const conversation of conversations)
          lines.push({ atMs: event.atMs, order: 4e9 + event.seq, conversation, who: 'process', text });
    }
  }
  lines.sort((a, b) => byCodePoint(a.conversation, b.conversation) || a.atMs - b.atMs || a.order - b.order);
  const width = Math.max(8, ...lines.map((line) => line.who.length));
  return lines.map((line) => `${clockText(line.atMs)}  ${line.conversation}  ${line.who.padEnd(width)}  ${line.text}`);
}
