import { TOOL_SERVER_TOOLS } from '../../../protocols/plan/plan-tools.js';
import type { ServingParts } from '../../engine/serving.js';
import { CALM_TOOLS } from './tool-behaviour.js';
import { readEnvelope } from './tool-call-envelope.js';
import { toolFrontDoor } from './tool-front-door.js';

/** The tool server as a server serves it: write_file and every tool a plan may call, behind its own front door. */
export const TOOL_SERVER_SERVING: ServingParts = {
  kind: 'write_file',
  // Every tool a plan may call without declaring it (the seed plan's verify among them), from the list plans are checked against.
  tools: TOOL_SERVER_TOOLS,
  payloadProblem(payload) {
    const envelope = readEnvelope(payload);
    return typeof envelope === 'string' ? envelope : undefined;
  },
  countEffects(db, key) {
    return (db.prepare('SELECT count(*) AS n FROM writes WHERE request_key = ?').get(key) as { n: number }).n;
  },
  frontDoor: toolFrontDoor,
  // A served tool server behaves as the seed's calm one unless its file was given a behaviour before it started.
  prepare(db) {
    db.prepare('INSERT OR IGNORE INTO tool_config (id, body) VALUES (1, ?)').run(JSON.stringify(CALM_TOOLS));
  },
};
