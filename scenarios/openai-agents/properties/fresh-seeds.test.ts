import { freshSeedTests } from '../../../sim/testing/fresh-seed-tests.js';

await freshSeedTests('openai-agents', 20);
