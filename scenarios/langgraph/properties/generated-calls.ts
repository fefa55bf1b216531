import type { ScriptedCall } from '../../../protocols/langgraph/types.js';

/**
 * The generator's send_email calls are drawn from these recipients and
 * subjects: few, so that the model often asks for a call it already made. A
 * graph with its own tool calls maps each of the four onto one of them.
 */
export const GENERATED_RECIPIENTS = ['ana@example.com', 'ben@example.com'] as const;
export const GENERATED_SUBJECTS = ['order 42 has shipped', 'order 42 is late'] as const;

export interface GeneratedMail {
  to: (typeof GENERATED_RECIPIENTS)[number];
  subject: (typeof GENERATED_SUBJECTS)[number];
}

/** A generated call without its id: the examples' send_email, or the module's own call it stands for. */
export type GeneratedCall = Omit<ScriptedCall, 'id'>;

/**
 * The call a generated mail stands for: send_email itself, or, for a module
 * with its own tool calls (`own`), one of them, the same one for the same
 * mail every time, so a call the model repeats is repeated on the module's
 * tools too.
 */
export function generatedCall(mail: GeneratedMail, own: readonly ScriptedCall[]): GeneratedCall {
  if (own.length === 0) return { name: 'send_email', args: { ...mail } };
  const index = GENERATED_RECIPIENTS.indexOf(mail.to) * GENERATED_SUBJECTS.length + GENERATED_SUBJECTS.indexOf(mail.subject);
  const { id: _id, ...call } = own[index % own.length]!;
  return call;
}
