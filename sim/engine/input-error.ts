/**
 * A problem with what the user gave or the environment (a folder that cannot
 * be written, a malformed file), described in one readable sentence. The CLI's
 * single top-level catch turns every InputError into one line on stderr and
 * exit code 2; no command needs to translate it.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
