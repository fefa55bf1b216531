import { Ajv } from 'ajv';
import type { JsonValue, ReceiverReply, ReceiverRequest } from '../../../protocols/receivers/types.js';
import { DEFAULT_TENANT } from '../http/wire.js';

/**
 * The write tool's arguments. MCP has no transactions and no headers a tool
 * sees, so, as seed 000 advises, the idempotency key travels in the
 * arguments themselves, beside the tenant and the payload.
 */
export const WRITE_TOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    idempotency_key: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'fixed by the caller before its first attempt; a retry repeats it',
    },
    tenant: { type: 'string', minLength: 1, description: `whose request this is; default '${DEFAULT_TENANT}'` },
    payload: { description: 'what to apply, as JSON' },
    issued_at_ms: { type: 'integer', minimum: 0, description: 'when the caller first recorded the intention (for the closed window)' },
    intention_id: { type: 'string', description: 'oracle tag for counting effects; no contract reads it' },
  },
  required: ['idempotency_key', 'payload'],
  additionalProperties: false,
} as const;

export interface WriteToolArguments {
  idempotency_key: string;
  tenant?: string;
  payload: JsonValue;
  issued_at_ms?: number;
  intention_id?: string;
}

const validate = new Ajv({ allErrors: true }).compile<WriteToolArguments>(WRITE_TOOL_INPUT_SCHEMA);

/** The tool's arguments as a receiver request, or the sentence saying what is wrong with them. */
export function requestFromArguments(kind: string, args: unknown, nowMs: number): ReceiverRequest | string {
  if (!validate(args))
    return `invalid arguments: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(arguments)'} ${e.message}`).join('; ')}`;
  const tenant = args.tenant ?? DEFAULT_TENANT;
  return {
    tenant,
    key: args.idempotency_key,
    kind,
    payload: args.payload,
    issuedAtMs: args.issued_at_ms ?? nowMs,
    intentionId: args.intention_id ?? `${tenant}:${args.idempotency_key}`,
  };
}

export function argumentsFromRequest(request: ReceiverRequest): WriteToolArguments {
  return {
    idempotency_key: request.key,
    tenant: request.tenant,
    payload: request.payload,
    issued_at_ms: request.issuedAtMs,
    intention_id: request.intentionId,
  };
}

/** Where a result says it was served from a receipt: in _meta, as HTTP says it in a header, so a replay's content is the first call's. */
export const REPLAYED_META = 'cutpoint/replayed';

/**
 * A tool result carries the reply as structured content, without its replay
 * flag (that goes in _meta); anything but an effect (or its acceptance) is a
 * tool error.
 */
export function toolResult(reply: ReceiverReply | { status: 'in-progress' }) {
  const replayed = reply.status === 'ok' && reply.replayed;
  const shown = reply.status === 'ok' ? { status: reply.status, result: reply.result } : reply;
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(shown) }],
    structuredContent: { reply: shown },
    isError: reply.status !== 'ok' && reply.status !== 'accepted',
    ...(replayed ? { _meta: { [REPLAYED_META]: true } } : {}),
  };
}

/** A tool result back as a receiver reply, with the replay flag from _meta. */
export function replyFromResult(result: {
  structuredContent?: unknown;
  _meta?: unknown;
}): ReceiverReply | { status: 'in-progress' } | undefined {
  const reply = (result.structuredContent as { reply?: ReceiverReply | { status: 'in-progress' } } | undefined)?.reply;
  if (!reply || reply.status !== 'ok') return reply;
  const meta = result._meta as Record<string, unknown> | undefined;
  return { status: 'ok', result: reply.result ?? null, replayed: meta?.[REPLAYED_META] === true };
}
