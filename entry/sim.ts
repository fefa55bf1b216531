#!/usr/bin/env node
// No Node source maps here: enabling them costs every loaded module a map read and parse (a tenth of
// a second of each command). The one place that needs a TypeScript line, a boundary named after its
// source line, reads that file's map itself (sim/engine/call-site.ts).

// io.js first: it saves stdout's own write function before anything can replace it.
const { processIo } = await import('../sim/cli/io.js');
const { divertForeignOutput } = await import('../sim/cli/foreign-output.js');
const { endOnClosedPipe, handleInterrupts } = await import('../sim/process/interrupt.js');
const { main } = await import('../sim/cli/main.js');
const { guardCommandEnd } = await import('../sim/cli/command-end.js');
const { interruptDocument } = await import('../sim/cli/interrupt-document.js');
const argv = process.argv.slice(2);
// With --format json or junit, an interruption also prints its error document on stdout, unless the command already printed one.
const { io, document } = interruptDocument(processIo(), argv);
// A protocol's timer that calls process.exit, or keeps the process alive after the verdict, cannot decide how sim ends.
const ended = guardCommandEnd(io, argv);
// Ctrl-C or SIGTERM during any command: what is held is undone, one line says what, exit 130 or 143.
handleInterrupts(io.stderr, document);
// `sim list | head`: a reader that goes away ends the command quietly (exit 141), not with an EPIPE stack.
endOnClosedPipe(process.stdout);
endOnClosedPipe(process.stderr);
// A protocol's prints go to stderr while the command runs: stdout holds the table or the JSON only.
const restoreOutput = divertForeignOutput(io.stderr);
const code = await main(argv, io);
restoreOutput();
ended(code);
