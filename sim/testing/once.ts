/**
 * A run that several tests of one file read, started by whichever asks first
 * and shared after: a table or check costs seconds, and rendering its other
 * formats or reading its other files needs no second run.
 */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let run: Promise<T> | undefined;
  return () => (run ??= start());
}
