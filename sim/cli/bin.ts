#!/usr/bin/env node
// Boundaries found at commits are named after their source line: map compiled lines back to the
// TypeScript. Source maps apply only to modules loaded after this, hence the dynamic imports below.
process.setSourceMapsEnabled(true);

// io.js first: it saves stdout's own write function before anything can replace it.
const { processIo } = await import('./io.js');
const { divertForeignOutput } = await import('./foreign-output.js');
const { handleInterrupts } = await import('../process/interrupt.js');
const { main } = await import('./main.js');
const io = processIo();
// Ctrl-C or SIGTERM during any command: what is held is undone, one line says what, exit 130 or 143.
handleInterrupts(io.stderr);
// A protocol's prints go to stderr while the command runs: stdout holds the table or the JSON only.
const restoreOutput = divertForeignOutput(io.stderr);
process.exitCode = await main(process.argv.slice(2), io);
restoreOutput();
