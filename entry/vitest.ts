/**
 * `import … from 'cutpoint/vitest'`: assertions for a user's own tests.
 *
 * @module cutpoint/vitest
 */

export * from '../sim/api/vitest.js';
