import { harnessProtocol } from './harness.js';

/**
 * The flaw: while a person has the conversation, the agent that handed it
 * over still answers the user's messages, talking over the nurse.
 */
export const answersAfterHandover = harnessProtocol({
  name: 'answers-after-handover',
  summary: 'the agent keeps answering the user after handing the conversation to a person',
  seams: { answererWhileWithHuman: (handover) => handover?.from_agent ?? null },
});
