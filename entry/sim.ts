#!/usr/bin/env node
// Boundaries found at commits are named after their source line: map compiled lines back to the
// TypeScript. Source maps apply only to modules loaded after this, hence the dynamic imports below.
process.setSourceMapsEnabled(true);

// io.js first: it saves stdout's own write function before anything can replace it.
const { processIo } = await import('../sim/cli/io.js');
const { divertForeignOutput } = await import('../sim/cli/foreign-output.js');
const { handleInterrupts } = await import('../sim/process/interrupt.js');
// The composition root: scenarios/ (expected tables, properties, sweeps) handed to sim/.
await import('./register.js');
const { main } = await import('../sim/cli/main.js');
const io = processIo();
// Ctrl-C or SIGTERM during any command: what is held is undone, one line says what, exit 130 or 143.
handleInterrupts(io.stderr);
// A protocol's prints go to stderr while the command runs: stdout holds the table or the JSON only.
const restoreOutput = divertForeignOutput(io.stderr);
process.exitCode = await main(process.argv.slice(2), io);
restoreOutput();
