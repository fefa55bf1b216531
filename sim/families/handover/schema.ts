import { receiverSchema } from '../../../protocols/receivers/schema.js';

/**
 * The conversation store: the agent side's own SQLite file (orchestrator.db).
 * Everything the harness must not forget in a crash lives here: the
 * transcript, which agent is active, how many transfers the conversation has
 * had, its handover state and when the user last wrote.
 */
export const CONVERSATION_SCHEMA = `
CREATE TABLE IF NOT EXISTS conversations (
  id                   TEXT    PRIMARY KEY,
  tenant               TEXT    NOT NULL,
  active_agent         TEXT    NOT NULL,
  transfer_count       INTEGER NOT NULL DEFAULT 0,
  handover_state       TEXT    NOT NULL DEFAULT 'none' CHECK (handover_state IN ('none', 'with-human', 'returned')),
  handover_seq         INTEGER NOT NULL DEFAULT 0,
  last_user_message_ms INTEGER,
  -- a worker's claim on the conversation: events of one conversation are handled by one worker at a time
  claimed_by           TEXT,
  claimed_life         INTEGER
);
-- every event the conversation received (a user's message, the operator's return), handled in order
CREATE TABLE IF NOT EXISTS events (
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  ordinal         INTEGER NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('user', 'operator-return')),
  body            TEXT    NOT NULL,
  received_at_ms  INTEGER NOT NULL,
  state           TEXT    NOT NULL DEFAULT 'received' CHECK (state IN ('received', 'handled')),
  -- the harness's steps on this event (a reply, a tool call, a transfer), over every life: bounded by stepsMax
  steps           INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, event_id)
);
CREATE TABLE IF NOT EXISTS transcript (
  id              INTEGER PRIMARY KEY,
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  role            TEXT    NOT NULL CHECK (role IN ('user', 'agent', 'tool', 'tool-error', 'transfer', 'handover', 'operator', 'harness')),
  agent           TEXT,
  -- for a transfer or a handover: where to (the agent column says from whom)
  target          TEXT,
  text            TEXT    NOT NULL,
  life            INTEGER NOT NULL,
  at_ms           INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS transcript_by_conversation ON transcript (conversation_id, id);
-- one row per handover to a person: what was decided, and how far its side effects got
CREATE TABLE IF NOT EXISTS handovers (
  conversation_id TEXT    NOT NULL,
  seq             INTEGER NOT NULL,
  event_id        TEXT    NOT NULL,
  from_agent      TEXT    NOT NULL,
  target          TEXT    NOT NULL,
  reason          TEXT    NOT NULL,
  summary         TEXT    NOT NULL,
  key_facts       TEXT    NOT NULL,
  committed_at_ms INTEGER NOT NULL,
  ticket          TEXT,
  notified        INTEGER NOT NULL DEFAULT 0,
  returned_by     TEXT, -- the operator-return event that gave the conversation back
  PRIMARY KEY (conversation_id, seq)
);
-- the agent's replies to the user, recorded before they are sent so a crash cannot make the model say it twice
CREATE TABLE IF NOT EXISTS outgoing (
  message_key     TEXT    PRIMARY KEY,
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  agent           TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('reply', 'notice')),
  text            TEXT    NOT NULL,
  sent            INTEGER NOT NULL DEFAULT 0
);
-- every guardrail that fired, with its reason and what it did: a trigger is never silent
CREATE TABLE IF NOT EXISTS guardrail_log (
  id              INTEGER PRIMARY KEY,
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  layer           TEXT    NOT NULL CHECK (layer IN ('input', 'model', 'output', 'tool')),
  check_name      TEXT    NOT NULL,
  reason          TEXT    NOT NULL,
  action          TEXT    NOT NULL CHECK (action IN ('handover', 'safe-reply', 'handover+safe-reply', 'tool-error')),
  life            INTEGER NOT NULL,
  at_ms           INTEGER NOT NULL
);
-- every call to the model, with what it cost and how long it took on the virtual clock: the budgets are read from here
CREATE TABLE IF NOT EXISTS model_calls (
  id              INTEGER PRIMARY KEY,
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  agent           TEXT    NOT NULL,
  cost_units      INTEGER NOT NULL,
  latency_ms      INTEGER NOT NULL,
  outcome         TEXT    NOT NULL CHECK (outcome IN ('answered', 'down', 'timeout'))
);
-- the intake's findings so far and the rules' decision on them (illustrative triage, not clinical advice)
CREATE TABLE IF NOT EXISTS triage (
  conversation_id TEXT    PRIMARY KEY,
  findings        TEXT    NOT NULL,
  decision        TEXT    NOT NULL,
  outcome         TEXT,
  rule            TEXT
);
-- irreversible tool calls the harness holds until the user confirms them
CREATE TABLE IF NOT EXISTS pending_confirmations (
  conversation_id TEXT    NOT NULL,
  call_key        TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  PRIMARY KEY (conversation_id, call_key)
);
-- what the booking tool booked (a local tool of the appointments agent)
CREATE TABLE IF NOT EXISTS bookings (
  booking_key     TEXT    PRIMARY KEY,
  conversation_id TEXT    NOT NULL,
  slot            TEXT    NOT NULL
);
`;

/** The operators' queue: a ticket per handover (its effects), resolved by the operator the world plays. */
export const HUMAN_QUEUE_SCHEMA = receiverSchema(`
CREATE TABLE IF NOT EXISTS tickets (
  id              INTEGER PRIMARY KEY,
  tenant          TEXT    NOT NULL,
  request_key     TEXT    NOT NULL,
  conversation_id TEXT    NOT NULL,
  target          TEXT    NOT NULL,
  reason          TEXT    NOT NULL,
  summary         TEXT    NOT NULL,
  key_facts       TEXT    NOT NULL,
  transcript_link TEXT    NOT NULL,
  intention_id    TEXT    NOT NULL, -- oracle tag for counting effects; no contract reads it
  created_at_ms   INTEGER NOT NULL,
  resolved_at_ms  INTEGER,
  resolved_by     TEXT -- the operator's return event (the world plays the operator)
);
CREATE INDEX IF NOT EXISTS tickets_by_intention ON tickets (intention_id);
`);

/**
 * The messaging channel: what the user was sent (replies, notices,
 * templates), and what the user wrote (inbound, recorded by the world as the
 * channel receives it), which the 24-hour window is measured from.
 */
export const MESSAGE_CHANNEL_SCHEMA = receiverSchema(`
CREATE TABLE IF NOT EXISTS messages (
  id              INTEGER PRIMARY KEY,
  tenant          TEXT    NOT NULL,
  request_key     TEXT    NOT NULL,
  conversation_id TEXT    NOT NULL,
  kind            TEXT    NOT NULL CHECK (kind IN ('reply', 'notice', 'template')),
  agent           TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  text            TEXT    NOT NULL,
  intention_id    TEXT    NOT NULL, -- oracle tag for counting effects; no contract reads it
  sent_at_ms      INTEGER NOT NULL
);
-- what reached the harness through the channel (the user's messages, the operator's returns), and whether
-- the harness acknowledged it: an unacknowledged event is delivered again, as a webhook is
CREATE TABLE IF NOT EXISTS inbound (
  conversation_id TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  ordinal         INTEGER NOT NULL, -- the event's place in its conversation
  delivered_seq   INTEGER NOT NULL, -- the order in which the channel first delivered events, over the whole case
  kind            TEXT    NOT NULL CHECK (kind IN ('user', 'operator-return')),
  text            TEXT    NOT NULL,
  received_at_ms  INTEGER NOT NULL,
  acked           INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, event_id)
);
`);
