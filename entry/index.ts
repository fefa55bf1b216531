/**
 * `import … from 'cutpoint'`: the public API (sim/library) with the
 * scenarios registered, so a table knows its expected rows and a check its
 * properties.
 */
import './register.js';

export * from '../sim/library/index.js';
/** The reservation family's property definitions, as `sim check --list` shows them. */
export { PROPERTY_DEFINITIONS } from '../scenarios/reservation/properties/definitions.js';
