import { explainerMove, intakeMove } from './rules/intake-policy.js';
import type { ConversationView, ModelAction, Policy, ToolSpec } from '../../../protocols/handover/types.js';

const URGENT = /chest pain|can'?t breathe|bleeding|fainted|suicid/i;
const WANTS_PERSON = /\b(nurse|person|human|doctor|someone real|talk to someone|speak to someone)\b/i;
const ABOUT_APPOINTMENTS = /\b(book|booking|appointment|reschedule|move)\b/i;
const DAY = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\b/i;

/** The targets the transfer tool's schema allows this agent: the model reads its options from the tool it is given. */
function transferTargets(tools: readonly ToolSpec[]): string[] {
  const target = (tools.find((tool) => tool.name === 'transfer')?.parameters.properties as Record<string, { enum?: string[] }> | undefined)
    ?.target;
  return target?.enum ?? [];
}

function transfer(target: string, reason: string, summary: string): ModelAction {
  return { type: 'tool-calls', calls: [{ name: 'transfer', arguments: { target, reason, summary } }] };
}

/**
 * The reference model: deterministic, by keywords, in the seed's shape. The
 * router only understands and transfers; appointments books with its tool;
 * information answers; anyone hands a user who asks for a person (or sounds
 * urgent) to a human target its tool offers. It never leaves its tool's enum.
 */
export const referencePolicy: Policy = {
  name: 'reference',
  respond(conversation: ConversationView, tools: readonly ToolSpec[]): ModelAction {
    const lastUser = [...conversation.transcript].reverse().find((line) => line.role === 'user')?.text ?? '';
    const last = conversation.transcript[conversation.transcript.length - 1];
    const targets = transferTargets(tools);
    const human = targets.find((target) => target.startsWith('human'));
    const urgent = URGENT.test(lastUser);
    if (human && (urgent || WANTS_PERSON.test(lastUser))) {
      return transfer(human, urgent ? 'unsafe_to_continue' : 'user_requested_human', `User asks for a person: "${lastUser}"`);
    }
    switch (conversation.agent) {
      case 'intake':
        return intakeMove(conversation);
      case 'explainer':
        return explainerMove(conversation);
      case 'router': {
        const specialist = ABOUT_APPOINTMENTS.test(lastUser) ? 'appointments' : 'information';
        if (targets.includes(specialist)) return transfer(specialist, 'out_of_scope', `User wants: "${lastUser}"`);
        return { type: 'reply', text: 'Sorry, I cannot help with that here.' };
      }
      case 'appointments': {
        if (last?.role === 'tool') return { type: 'reply', text: `Done: ${last.text}.` };
        if (ABOUT_APPOINTMENTS.test(lastUser)) {
          const slot = DAY.exec(lastUser)?.[1]?.toLowerCase() ?? 'next available';
          return { type: 'tool-calls', calls: [{ name: 'book_appointment', arguments: { slot } }] };
        }
        if (targets.includes('router')) return transfer('router', 'out_of_scope', `Not about appointments: "${lastUser}"`);
        return { type: 'reply', text: 'I can only help with appointments.' };
      }
      default:
        return { type: 'reply', text: 'We are open from 8:00 to 20:00; bring your insurance card.' };
    }
  },
};
