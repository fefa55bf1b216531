#!/usr/bin/env node
// Boundaries found at commits are named after their source line: map compiled lines back to the
// TypeScript. Source maps apply only to modules loaded after this, hence the dynamic imports below.
process.setSourceMapsEnabled(true);

const { processIo } = await import('./io.js');
const { main } = await import('./main.js');
process.exitCode = await main(process.argv.slice(2), processIo());
