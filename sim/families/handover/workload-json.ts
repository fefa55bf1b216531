import type { JsonValue } from '../../engine/history.js';
import { InputError } from '../../engine/input-error.js';
import { lazyValidator } from '../../engine/lazy-validator.js';
import { graphFromJson } from './graph.js';
import type { HandoverWorkload } from './workload.js';

const TEXT = { type: 'string' } as const;
const TIME_MS = { type: 'integer', minimum: 0 } as const;
const LINES = { type: 'array', items: TEXT } as const;

/** A workload's shape, the graph aside (graphFromJson checks it, with what a schema cannot say). */
const WORKLOAD_SCHEMA = {
  type: 'object',
  properties: {
    graph: { type: 'object' },
    policy: {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'reference' } }, required: ['kind'], additionalProperties: false },
        {
          type: 'object',
          properties: {
            kind: { const: 'module' },
            path: { type: 'string', minLength: 1 },
            callTimeoutMs: { type: 'integer', minimum: 1 },
          },
          required: ['kind', 'path'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            kind: { const: 'scripted' },
            // The adversary's answers are the model's, whatever they hold: the harness judges them, so only their kind is checked.
            actions: {
              type: 'array',
              items: { type: 'object', properties: { type: { enum: ['reply', 'tool-calls'] } }, required: ['type'] },
            },
          },
          required: ['kind', 'actions'],
          additionalProperties: false,
        },
      ],
    },
    conversations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          tenant: { type: 'string', minLength: 1 },
          events: {
            type: 'array',
            items: {
              oneOf: [
                {
                  type: 'object',
                  properties: { atMs: TIME_MS, kind: { const: 'user' }, text: TEXT, ordinal: TIME_MS, agentLines: LINES },
                  required: ['atMs', 'kind', 'text'],
                  additionalProperties: false,
                },
                {
                  type: 'object',
                  properties: {
                    atMs: TIME_MS,
                    kind: { const: 'operator-return' },
                    messages: { type: 'array', items: TEXT },
                    ordinal: TIME_MS,
                    agentLines: LINES,
                  },
                  required: ['atMs', 'kind', 'messages'],
                  additionalProperties: false,
                },
              ],
            },
          },
        },
        required: ['id', 'tenant', 'events'],
        additionalProperties: false,
      },
    },
    rules: { type: 'string', minLength: 1 },
  },
  required: ['graph', 'policy', 'conversations'],
  additionalProperties: false,
} as const;

const shape = lazyValidator<unknown>(WORKLOAD_SCHEMA);

/**
 * A handover workload read back from JSON (a kill-mode child's spec, a stress
 * worker's share, a results file or a replay): its shape by JSON Schema, the
 * graph by graphFromJson, then what a schema cannot say (conversation ids and
 * each conversation's event ids are unique). Anything wrong is one InputError
 * sentence, so the command exits 2 without a stack.
 */
export function handoverWorkloadFromJson(json: JsonValue, where = 'workload'): HandoverWorkload {
  if (!shape.validate(json)) {
    const error = shape.firstError();
    throw new InputError(`${where}: ${error ? `${error.instancePath || 'the workload'} ${error.message}` : 'not a handover workload'}`);
  }
  const workload = json as unknown as HandoverWorkload;
  const graph = graphFromJson(workload.graph, `${where} graph`);
  if (typeof graph === 'string') throw new InputError(graph);
  const ids = workload.conversations.map((conversation) => conversation.id);
  const twice = ids.find((id, at) => ids.indexOf(id) !== at);
  if (twice !== undefined) throw new InputError(`${where}: conversation '${twice}' appears twice`);
  for (const conversation of workload.conversations) {
    const ordinals = conversation.events.map((event, index) => event.ordinal ?? index);
    const again = ordinals.find((ordinal, at) => ordinals.indexOf(ordinal) !== at);
    if (again !== undefined) throw new InputError(`${where}: conversation '${conversation.id}' has two events at ordinal ${again}`);
  }
  return { ...workload, graph };
}
