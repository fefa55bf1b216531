/**
 * The generator's refunds: few, so that the model often asks for a call it
 * already made. A user's module with its own tool calls has each one stand
 * for one of its calls, the same one every time.
 */
export const GENERATED_REFUNDS = [{ order_id: '42' }, { order_id: '7' }] as const;

/** The examples' handoff to a person, by its tool name: a protocol with a handover of its own has it stand for that one. */
export const PERSON_HANDOFF = { to: 'transfer_to_Human_desk', toPerson: true } as const;

/** A handoff no example's agent lists: the SDK refuses the model's call and ends the run with its error. */
export const UNLISTED_HANDOFF = { to: 'transfer_to_Refunds_team' } as const;
