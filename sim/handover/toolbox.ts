import type { ValidateFunction } from 'ajv';
import { sharedAjv } from '../engine/lazy-validator.js';
import type { ToolBox, ToolCall, ToolSpec, TransferArguments, Validated } from '../../protocols/handover/types.js';
import { TRANSFER_REASONS } from '../../protocols/handover/types.js';
import type { Connection } from '../engine/connections.js';
import type { HandoverGraph } from './graph.js';

/**
 * The seed's transfer contract as JSON Schema, for one agent: the target is
 * one of that agent's edges and nothing else, the reason one of four, the
 * summary required, no other property.
 */
export function transferSchema(graph: HandoverGraph, agent: string): ToolSpec['parameters'] {
  return {
    type: 'object',
    properties: {
      target: { type: 'string', enum: [...(graph.agents[agent]?.edges ?? [])] },
      reason: { type: 'string', enum: [...TRANSFER_REASONS] },
      summary: { type: 'string', minLength: 1 },
    },
    required: ['target', 'reason', 'summary'],
    additionalProperties: false,
  };
}

const BOOKING_SCHEMA: ToolSpec['parameters'] = {
  type: 'object',
  properties: { slot: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['slot'],
  additionalProperties: false,
};

/**
 * The world's tools for one graph: each agent is offered `transfer` (its own
 * schema) and the tools its node lists; every call is validated by ajv before
 * anything runs, and a call that fails goes back to the model as the error.
 */

/** Compiled validators by schema text, shared by every case of the process: compiling costs far more than a case. */
const VALIDATORS = new Map<string, ValidateFunction>();

function validator(_tool: string, schema: ToolSpec['parameters']): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = VALIDATORS.get(text);
  if (!validate) {
    validate = sharedAjv().compile(schema);
    VALIDATORS.set(text, validate);
  }
  return validate;
}

export function toolBox(graph: HandoverGraph): ToolBox {
  const check = <T>(validate: ValidateFunction, args: unknown, tool: string): Validated<T> =>
    validate(args)
      ? { ok: true, value: args as T }
      : { ok: false, error: `${tool}: ${sharedAjv().errorsText(validate.errors, { dataVar: 'arguments' })}` };

  return {
    specs(agent) {
      const specs: ToolSpec[] = [
        { name: 'transfer', description: 'hand the conversation to another agent or a person', parameters: transferSchema(graph, agent) },
      ];
      if (graph.agents[agent]?.tools.includes('book_appointment')) {
        specs.push({ name: 'book_appointment', description: 'book the user an appointment slot', parameters: BOOKING_SCHEMA });
      }
      return specs;
    },

    validateTransfer(agent, args) {
      return check<TransferArguments>(validator(`transfer:${agent}`, transferSchema(graph, agent)), args, 'transfer');
    },

    run(db: Connection, agent: string, call: ToolCall, conversationId: string): Validated<string> {
      if (call.name !== 'book_appointment' || !graph.agents[agent]?.tools.includes(call.name)) {
        return { ok: false, error: `${call.name}: no such tool for ${agent}` };
      }
      const valid = check<{ slot: string }>(validator('book_appointment', BOOKING_SCHEMA), call.arguments, call.name);
      if (!valid.ok) return valid;
      // Booking the same slot twice in a conversation is one booking: the tool is idempotent by its own key.
      db.prepare('INSERT OR IGNORE INTO bookings (booking_key, conversation_id, slot) VALUES (?, ?, ?)').run(
        `${conversationId}:${valid.value.slot}`,
        conversationId,
        valid.value.slot,
      );
      return { ok: true, value: `booked ${valid.value.slot}` };
    },
  };
}
