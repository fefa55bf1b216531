/** Whether sim itself decided to end the process now (an interrupt, a closed pipe). */
let onPurpose = false;

/**
 * sim's own immediate exit, after it has said why (an interrupt, a reader
 * that went away): the bin's guard against foreign exits lets it through.
 */
export function exitOnPurpose(code: number): never {
  onPurpose = true;
  process.exit(code);
}

export function exitedOnPurpose(): boolean {
  return onPurpose;
}
