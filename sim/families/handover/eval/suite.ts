import { lazyValidator } from '../../../engine/lazy-validator.js';
import { InputError } from '../../../engine/input-error.js';

/**
 * An evaluation suite: JSON Lines, one labelled scenario a line (what the
 * user writes, turn by turn, and the handover a person labelled as right),
 * and at most one thresholds line. Handover is a decision: it is evaluated
 * like a classifier.
 */
export interface EvalScenario {
  id: string;
  turns: string[];
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
    turns: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 2000 } },
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

/** Checks one scenario (a suite line, or a miss to add): the scenario, or the problem in one phrase. */
export function scenarioFromJson(json: unknown): EvalScenario | string {
  if (!scenarioShape.validate(json)) {
    const error = scenarioShape.firstError();
    return error ? `${error.instancePath || 'the scenario'} ${error.message}` : 'not a scenario';
  }
  const { turns, expected } = json;
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
