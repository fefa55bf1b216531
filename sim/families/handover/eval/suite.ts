import { lazyValidator } from '../../../engine/lazy-validator.js';
import { InputError } from '../../../engine/input-error.js';

/** Who wrote a turn of a conversation log. */
export const TURN_ROLES = ['user', 'agent', 'operator'] as const;
export type TurnRole = (typeof TURN_ROLES)[number];

/**
 * A turn: what the user wrote, or a line of a real conversation log with
 * its role. The harness answers the user turns; an agent turn of a log is
 * context (the judge is shown it, the harness writes its own replies); an
 * operator turn is the operator giving the conversation back.
 */
export type Turn = string | { role: TurnRole; text: string };

/**
 * An evaluation suite: JSON Lines, one labelled scenario a line (what the
 * user writes, turn by turn, or a conversation log with roles; and the
 * handover a person labelled as right, for the conversation as a whole),
 * and at most one thresholds line. Handover is a decision: it is evaluated
 * like a classifier. Turn numbers (byTurn, signalTurn, the handover's turn)
 * count every turn of the scenario, agent and operator turns included.
 */
export interface EvalScenario {
  id: string;
  turns: Turn[];
  expected: {
    handover: boolean;
    /** The person the conversation must reach (any target when absent). */
    target?: string;
    /** The 1-based turn by which the handover must have happened (the last turn when absent). */
    byTurn?: number;
    /** The turn of the first signal that a person is needed, for timing (1 when absent). */
    signalTurn?: number;
    /** Facts the handover's summary or key facts must carry, each checked on its own. */
    facts?: string[];
  };
}

export interface EvalThresholds {
  missedMax?: number;
  unnecessaryMax?: number;
  wrongTargetMax?: number;
  lateMax?: number;
  /** The share of required facts carried, over the handovers that happened, from 0 to 1. */
  contextQualityMin?: number;
}

export interface EvalSuite {
  scenarios: EvalScenario[];
  thresholds?: EvalThresholds;
}

const TURN = { type: 'integer', minimum: 1 } as const;
const SCENARIO_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    // Each turn is checked by turnProblem, which names the role a log may not use.
    turns: { type: 'array', minItems: 1, maxItems: 50 },
    expected: {
      type: 'object',
      properties: {
        handover: { type: 'boolean' },
        target: { type: 'string', minLength: 1 },
        byTurn: TURN,
        signalTurn: TURN,
        facts: { type: 'array', items: { type: 'string', minLength: 1 } },
      },
      required: ['handover'],
      additionalProperties: false,
    },
  },
  required: ['id', 'turns', 'expected'],
  additionalProperties: false,
} as const;
const COUNT = { type: 'integer', minimum: 0 } as const;
const THRESHOLDS_SCHEMA = {
  type: 'object',
  properties: {
    thresholds: {
      type: 'object',
      properties: {
        missedMax: COUNT,
        unnecessaryMax: COUNT,
        wrongTargetMax: COUNT,
        lateMax: COUNT,
        contextQualityMin: { type: 'number', minimum: 0, maximum: 1 },
      },
      additionalProperties: false,
    },
  },
  required: ['thresholds'],
  additionalProperties: false,
} as const;

const scenarioShape = lazyValidator<EvalScenario>(SCENARIO_SCHEMA);
const thresholdsShape = lazyValidator<{ thresholds: EvalThresholds }>(THRESHOLDS_SCHEMA);

const TEXT_LENGTH_MAX = 2000;

/** What is wrong with the n-th turn (0-based), or undefined. */
function turnProblem(turn: unknown, n: number): string | undefined {
  const where = `/turns/${n}`;
  if (typeof turn === 'string') return turn.length === 0 || turn.length > TEXT_LENGTH_MAX ? `${where} must be 1 to ${TEXT_LENGTH_MAX} characters` : undefined;
  if (typeof turn !== 'object' || turn === null || Array.isArray(turn)) return `${where} must be a string or {"role", "text"}`;
  const { role, text, ...rest } = turn as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `${where} has '${Object.keys(rest)[0]}': a turn has role and text only`;
  if (!(TURN_ROLES as readonly unknown[]).includes(role)) return `${where} has role ${JSON.stringify(role)}: one of ${TURN_ROLES.join(', ')}`;
  if (typeof text !== 'string' || text.length === 0 || text.length > TEXT_LENGTH_MAX) return `${where}/text must be 1 to ${TEXT_LENGTH_MAX} characters`;
  return undefined;
}

/** The role of a turn: a plain string is the user's. */
export function roleOf(turn: Turn): TurnRole {
  return typeof turn === 'string' ? 'user' : turn.role;
}

export function textOf(turn: Turn): string {
  return typeof turn === 'string' ? turn : turn.text;
}

/** Checks one scenario (a suite line, or a miss to add): the scenario, or the problem in one phrase. */
export function scenarioFromJson(json: unknown): EvalScenario | string {
  if (typeof json === 'object' && json !== null && 'turns' in json && !('expected' in json))
    return 'the conversation has no label: give expected, as {"handover": true | false, ...}';
  if (!scenarioShape.validate(json)) {
    const error = scenarioShape.firstError();
    return error ? `${error.instancePath || 'the scenario'} ${error.message}` : 'not a scenario';
  }
  const { turns, expected } = json;
  for (const [n, turn] of turns.entries()) {
    const problem = turnProblem(turn, n);
    if (problem) return problem;
  }
  if (!turns.some((turn) => roleOf(turn) === 'user')) return '/turns has no user turn: the harness answers the user turns';
  for (const field of ['byTurn', 'signalTurn'] as const) {
    const turn = expected[field];
    if (turn !== undefined && turn > turns.length) return `/expected/${field} is ${turn}, past the last of ${turns.length} turns`;
  }
  if (!expected.handover && (expected.target ?? expected.byTurn ?? expected.facts) !== undefined)
    return '/expected says no handover, so it can give no target, byTurn or facts';
  return json;
}

/** Parses a suite's text; every problem is one InputError naming the file, the line and what is wrong. */
export function parseSuite(text: string, file: string): EvalSuite {
  const suite: EvalSuite = { scenarios: [] };
  const ids = new Set<string>();
  const lines = text.split('\n');
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!.trim();
    if (line === '') continue;
    const where = `suite ${file} line ${n + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new InputError(`${where}: not JSON`);
    }
    if (json !== null && typeof json === 'object' && 'thresholds' in json) {
      if (suite.thresholds) throw new InputError(`${where}: a second thresholds line`);
      if (!thresholdsShape.validate(json)) {
        const error = thresholdsShape.firstError();
        throw new InputError(`${where}: ${error ? `${error.instancePath || 'thresholds'} ${error.message}` : 'bad thresholds'}`);
      }
      suite.thresholds = json.thresholds;
      continue;
    }
    const scenario = scenarioFromJson(json);
    if (typeof scenario === 'string') throw new InputError(`${where}: ${scenario}`);
    if (ids.has(scenario.id)) throw new InputError(`${where}: scenario id '${scenario.id}' appears twice`);
    ids.add(scenario.id);
    suite.scenarios.push(scenario);
  }
  if (suite.scenarios.length === 0) throw new InputError(`suite ${file}: no scenario in it`);
  return suite;
}
