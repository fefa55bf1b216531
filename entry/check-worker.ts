// A worker process of `sim check --jobs N`: a composition root like the bin, since the worker finds its
// properties in the scenarios, which only an entry may hand to sim/.
await import('./register.js');
const { serveChunks } = await import('../sim/check/chunk-worker.js');
await serveChunks();
