// A worker process of `sim check --jobs N`: it finds each property through the family registry.
const { serveChunks } = await import('../sim/check/chunk-worker.js');
await serveChunks();
