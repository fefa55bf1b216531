import { InputError } from '../engine/input-error.js';

/**
 * Runs a library call and throws the app's refusals of its options as the
 * TypeError a caller of a JavaScript API expects, with the same sentence.
 * The named kinds of input error (a protocol file that does not load, a run
 * folder that cannot be made) keep their own class: callers catch them by it.
 */
export async function withTypeErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InputError && error.constructor === InputError) throw new TypeError(error.message);
    throw error;
  }
}
