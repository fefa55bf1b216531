/** The end of an exhaustive switch: reaching it is a bug, and it fails loudly. */
export function assertNever(value: never, what: string): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
