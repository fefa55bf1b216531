import { harnessProtocol } from './harness.js';

/**
 * The flaw: when the operator gives the conversation back, the operator's
 * messages enter the transcript but the handover state is never reset, so
 * the harness still believes a person has it: the user's next message gets
 * no answer from anyone.
 */
export const resetForgotten = harnessProtocol({
  name: 'reset-forgotten',
  summary: 'the handover state is not reset when the operator returns the conversation: nobody answers the user again',
  seams: { onReturn: () => undefined },
});
