import { SCENARIOS } from '../scenarios/index.js';
import { registerScenarios } from '../sim/suites.js';

/*
 * The composition root: the one place that hands scenarios/ (expected tables,
 * property suites, sweeps) to sim/, which never imports scenarios/ itself.
 * Every entry point (the bin, the library, test helpers) imports this first.
 */
registerScenarios(SCENARIOS);
