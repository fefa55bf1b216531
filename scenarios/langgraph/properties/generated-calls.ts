/**
 * The generator's send_email calls are drawn from these recipients and
 * subjects: few, so that the model often asks for a call it already made. A
 * graph with its own tool calls maps each of the four onto one of them.
 */
export const GENERATED_RECIPIENTS = ['ana@example.com', 'ben@example.com'] as const;
export const GENERATED_SUBJECTS = ['order 42 has shipped', 'order 42 is late'] as const;
