/**
 * `import … from 'cutpoint/vitest'`: assertions for a user's own tests, with the scenarios registered.
 *
 * @module cutpoint/vitest
 */
import './register.js';

export * from '../sim/api/vitest.js';
