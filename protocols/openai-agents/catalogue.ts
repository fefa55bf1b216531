import type { CatalogueEntry } from '../../sim/engine/family.js';
import { handoffAnnounced } from './handoff-announced.js';
import { refundKeyedByCall } from './refund-keyed-by-call.js';
import { refundOnApproval } from './refund-on-approval.js';
import { ticketWithoutKey } from './ticket-without-key.js';
import type { OpenAIAgentsProtocol } from './types.js';

/** The examples, each written as the SDK's docs teach: an approval-gated tool and its repair, and two handoffs to a person gone wrong. */
export const OPENAI_AGENTS_PROTOCOLS: readonly CatalogueEntry<OpenAIAgentsProtocol>[] = [
  { protocol: refundOnApproval, status: 'flawed' },
  { protocol: refundKeyedByCall, status: 'repaired' },
  { protocol: handoffAnnounced, status: 'flawed' },
  { protocol: ticketWithoutKey, status: 'flawed' },
];
