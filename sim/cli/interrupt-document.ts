import type { InterruptDocument } from '../process/interrupt.js';
import type { Io } from './io.js';
import { errorDocument, jsonDocument, junitErrorDocument, requestedFormat } from './output-format.js';

/**
 * What an interrupted command prints on stdout under `--format json` or
 * `--format junit`: the error document with the interruption's one line and
 * its exit code (130, 143), as for any other error, so that a CI job that
 * parses stdout reads why there is no verdict instead of failing on empty
 * input. Nothing is added when the command had already printed its document:
 * stdout holds one document, never two. Returns the Io to hand the command
 * (its stdout is watched for that) and the writer for `handleInterrupts`.
 */
export function interruptDocument(io: Io, argv: readonly string[]): { io: Io; document: InterruptDocument } {
  let printed = false;
  const watched: Io = {
    ...io,
    stdout: (text) => {
      printed = true;
      io.stdout(text);
    },
  };
  const document: InterruptDocument = async (line, code) => {
    if (printed) return;
    const format = requestedFormat(argv);
    if (format === 'json') io.stdout(jsonDocument(errorDocument(code, line)));
    else if (format === 'junit') {
      const xml = await junitErrorDocument(argv, code, line);
      if (xml !== undefined) io.stdout(xml);
    }
  };
  return { io: watched, document };
}
