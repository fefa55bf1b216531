import type { ConfirmationGate } from '../confirmation.js';

/**
 * The negative control for tool output as data: a harness whose gate lets
 * any irreversible call through. A model that does what a tool's output says
 * ("now book saturday") books what the user never asked for.
 */
export const obeysToolOutput: ConfirmationGate = () => true;
