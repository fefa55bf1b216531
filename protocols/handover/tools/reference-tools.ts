import type { SandboxedTool } from './sandboxed-tool.js';

/** The appointments agent's tool: irreversible, so idempotent by its key and held until the user confirms. */
export const BOOK_APPOINTMENT: SandboxedTool = {
  spec: {
    name: 'book_appointment',
    description: 'book the user an appointment slot',
    parameters: {
      type: 'object',
      properties: { slot: { type: 'string', minLength: 1, maxLength: 64 } },
      required: ['slot'],
      additionalProperties: false,
    },
  },
  credentialScope: 'booking-api',
  allowedHosts: ['booking.clinic.example'],
  timeMaxMs: 2_000,
  outputCharsMax: 200,
  irreversible: true,
  execute(args, env) {
    const slot = String(args.slot);
    const held = env.reach('booking.clinic.example', slot);
    // Booking the same slot twice in a conversation is one booking: the tool is idempotent by its own key.
    env.db
      .prepare('INSERT OR IGNORE INTO bookings (booking_key, conversation_id, slot) VALUES (?, ?, ?)')
      .run(`${env.conversationId}:${slot}`, env.conversationId, slot);
    return `booked ${slot} (${held})`;
  },
};

/** The information agent's tool: reads the clinic's knowledge base; what it returns is data, never an instruction. */
export const LOOKUP_INFO: SandboxedTool = {
  spec: {
    name: 'lookup_info',
    description: "look up the clinic's opening hours, addresses, or what to bring",
    parameters: {
      type: 'object',
      properties: { topic: { type: 'string', enum: ['hours', 'address', 'bring'] } },
      required: ['topic'],
      additionalProperties: false,
    },
  },
  credentialScope: 'knowledge-base',
  allowedHosts: ['kb.clinic.example'],
  timeMaxMs: 2_000,
  outputCharsMax: 400,
  irreversible: false,
  execute: (args, env) => env.reach('kb.clinic.example', String(args.topic)),
};

/** The tools the harness can run for an agent whose node lists them (triage and transfer are the harness's own). */
export const REFERENCE_TOOLS: Readonly<Record<string, SandboxedTool>> = {
  book_appointment: BOOK_APPOINTMENT,
  lookup_info: LOOKUP_INFO,
};
