import { freshSeedTests } from '../../../sim/testing/fresh-seed-tests.js';

await freshSeedTests('langgraph', 20);
