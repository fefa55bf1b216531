/** `1 protocol`, `3 protocols`: a count with its noun, in the number the count asks for. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
