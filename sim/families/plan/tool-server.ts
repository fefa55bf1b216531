import type Database from 'better-sqlite3';
import { receiverSchema } from '../../../protocols/receivers/schema.js';
import type { Effect, EffectOutcome, JsonValue, Receiver, ReceiverRequest } from '../../../protocols/receivers/types.js';
import { evaluateCommand, type ExpectedFile } from './gates.js';
import type { ToolBehaviour } from './tool-behaviour.js';

/**
 * The tool server's own tables. `writes` holds one row per applied write (the
 * effect N counts, by the oracle tag of the step); `files` is what a build
 * would see; `gate_runs` every gate command it ran and its outcome. `calls`,
 * `bucket` and `rate_windows` belong to its front door (the gateway): every
 * call received, the rate limiter's tokens, and each Retry-After window it
 * announced. `tool_config` is the generated behaviour of this case.
 */
export const TOOL_SERVER_TABLES = `
CREATE TABLE IF NOT EXISTS tool_config (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, content TEXT NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS writes (
  id            INTEGER PRIMARY KEY,
  intention_id  TEXT    NOT NULL, -- oracle tag: the step and file; no contract reads it
  request_key   TEXT    NOT NULL,
  path          TEXT    NOT NULL,
  content       TEXT    NOT NULL,
  applied_at_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS gate_runs (
  id           INTEGER PRIMARY KEY,
  command      TEXT    NOT NULL,
  intention_id TEXT    NOT NULL,
  passed       INTEGER NOT NULL,
  at_ms        INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS calls (
  ordinal     INTEGER PRIMARY KEY,
  life        INTEGER NOT NULL,
  worker      TEXT    NOT NULL,
  tool        TEXT    NOT NULL,
  args        TEXT    NOT NULL,
  request_key TEXT    NOT NULL,
  at_ms       INTEGER NOT NULL,
  in_window   INTEGER NOT NULL, -- 1 when the call came inside a Retry-After window announced earlier
  duration_ms INTEGER,
  outcome     TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS bucket (id INTEGER PRIMARY KEY CHECK (id = 1), units INTEGER NOT NULL, refilled_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rate_windows (id INTEGER PRIMARY KEY, from_ms INTEGER NOT NULL, until_ms INTEGER NOT NULL);
`;

/** The behaviour this case's tool server was given, as the world seeded it. */
export function readToolBehaviour(db: Database.Database): ToolBehaviour {
  const row = db.prepare('SELECT body FROM tool_config WHERE id = 1').get() as { body: string } | undefined;
  if (!row) throw new Error('the tool server has no behaviour: the world seeds it before the first call');
  return JSON.parse(row.body) as ToolBehaviour;
}

function stringField(payload: JsonValue, field: string): string {
  const value = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload[field] : undefined;
  if (typeof value !== 'string') throw new Error(`tool call without a string '${field}' argument`);
  return value;
}

function expectedFiles(payload: JsonValue): ExpectedFile[] {
  const value = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload['expect'] : undefined;
  return Array.isArray(value) ? (value as unknown as ExpectedFile[]) : [];
}

/**
 * What a tool does to the server's tables. `write_file` writes a file version
 * (the counted effect); `run_command` runs a gate command as a deterministic
 * check over the files and the generated outcome; any other tool is a read
 * that finds `searchResults` results and answers `outputChars` of text. Which
 * names reach it as reads is the plan check's to say (protocols/plan/plan-tools.ts):
 * the known read tools and those a plan declares, never a misspelt write.
 */
export const toolEffect: Effect = {
  apply(db: Database.Database, request: ReceiverRequest, nowMs: number): EffectOutcome {
    const behaviour = readToolBehaviour(db);
    switch (request.kind) {
      case 'write_file': {
        const path = stringField(request.payload, 'path');
        const content = stringField(request.payload, 'content');
        db.prepare(
          `INSERT INTO files (path, content, version) VALUES (?, ?, 1)
           ON CONFLICT (path) DO UPDATE SET content = excluded.content, version = version + 1`,
        ).run(path, content);
        db.prepare('INSERT INTO writes (intention_id, request_key, path, content, applied_at_ms) VALUES (?, ?, ?, ?, ?)').run(
          request.intentionId,
          request.key,
          path,
          content,
          nowMs,
        );
        const { version } = db.prepare('SELECT version FROM files WHERE path = ?').get(path) as { version: number };
        return { applied: { path, version } };
      }
      case 'run_command': {
        const command = stringField(request.payload, 'command');
        const verdict = evaluateCommand(db, command, expectedFiles(request.payload), behaviour);
        db.prepare('INSERT INTO gate_runs (command, intention_id, passed, at_ms) VALUES (?, ?, ?, ?)').run(
          command,
          request.intentionId,
          verdict.passed ? 1 : 0,
          nowMs,
        );
        return { applied: { passed: verdict.passed, output: verdict.output } };
      }
      default: {
        const text = `${request.kind}: ${behaviour.searchResults} results `.padEnd(behaviour.outputChars, '.');
        return { applied: { results: behaviour.searchResults, text } };
      }
    }
  },
};

/** The plan family's receiver: tool calls cross to it; `tool-applied` is its lost reply. */
export const toolServer: Receiver = {
  name: 'tool-server',
  schema: receiverSchema(TOOL_SERVER_TABLES),
  effect: toolEffect,
  appliedCut: 'tool-applied',
};
