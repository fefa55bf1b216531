import { Agent, handoff, type InputGuardrail } from '@openai/agents-core';
import { z } from 'zod';
import type { AgentParts } from '../types.js';

/*
 * A clinic's agents, as `sim eval handover --protocol clinic-agents.ts`
 * evaluates them: a triage agent that hands a conversation to a nurse, a
 * guardrail that sends a crisis straight to a person, and respond(), the
 * stand-in for the model that answers each conversation of the suite.
 */

export const name = 'clinic-agents';
export const queueContract = 'atomic-receipt';

const ASKS_FOR_PERSON = /\b(human|person|someone real|speak to|talk to|put me through|nurse)\b/i;
const CRISIS = /\b(hurt myself|end my life|can(no|')t breathe|chest pain|not making sense)\b/i;

/** The text of the latest user message of an input, as the SDK hands it to a guardrail. */
function lastUserText(input: string | readonly unknown[]): string {
  if (typeof input === 'string') return input;
  const last = [...input].reverse().find((item) => (item as { role?: unknown }).role === 'user') as { content?: unknown } | undefined;
  const content = last?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part: { text?: unknown }) => String(part.text ?? '')).join('') : '';
}

/** The nurse a conversation is handed to: a person takes over from the queue's ticket. */
export function nurse(): Agent {
  return new Agent({ name: 'human_nurse', instructions: 'Tell the patient a nurse takes the conversation from here.' });
}

/** The handoff to the nurse: the model says why and sums the conversation up; the ticket carries both, keyed by the conversation. */
export function handoffToNurse({ humans, conversation }: AgentParts) {
  return handoff(nurse(), {
    inputType: z.object({ reason: z.string(), summary: z.string() }),
    onHandoff: async (_context, input) => {
      await humans.enqueue({ reason: input?.reason ?? 'handoff', summary: input?.summary ?? '' }, { key: `handover:${conversation}` });
    },
  });
}

/** A crisis goes to a person before the model answers: the guardrail opens the ticket, and its tripwire ends the turn. */
export function crisisGuardrail({ humans, conversation }: AgentParts): InputGuardrail {
  return {
    name: 'crisis-phrase',
    runInParallel: false,
    execute: async ({ input }) => {
      const text = lastUserText(input);
      if (!CRISIS.test(text)) return { tripwireTriggered: false, outputInfo: null };
      await humans.enqueue({ target: 'human_nurse', reason: 'crisis', summary: text }, { key: `handover:${conversation}` });
      return { tripwireTriggered: true, outputInfo: { crisis: text } };
    },
  };
}

/** The triage agent, with the guardrails given (the crisis one by default). */
export function triage(parts: AgentParts, inputGuardrails: InputGuardrail[] = [crisisGuardrail(parts)]): Agent {
  return new Agent({
    name: 'triage',
    instructions: 'Answer questions about appointments and opening hours; hand the conversation to a nurse when the patient asks for a person.',
    handoffs: [handoffToNurse(parts)],
    inputGuardrails,
  });
}

export function agent(parts: AgentParts): Agent {
  return triage(parts);
}

interface Question {
  agent: string;
  messages: { role: string; text: string }[];
}

/** The latest thing the user wrote in a question to the model. */
export function lastUserMessage(question: Question): string {
  return question.messages.filter((message) => message.role === 'user').at(-1)?.text ?? '';
}

/** The model's stand-in: the nurse's agent acknowledges; triage hands over when asked for a person, and answers otherwise. */
export function respond(question: Question) {
  if (question.agent === 'human_nurse') return { text: 'A nurse takes the conversation from here.' };
  const text = lastUserMessage(question);
  if (ASKS_FOR_PERSON.test(text))
    return { calls: [{ name: 'transfer_to_human_nurse', args: { reason: 'asks for a person', summary: text } }] };
  return { text: 'I can help with appointments and opening hours.' };
}
