/**
 * cutpoint's public API: what `import … from 'cutpoint'` gives. Results are
 * the same values `sim` writes as results.json; printing is left to the caller
 * (or to the helpers of `cutpoint/vitest`).
 */
export { runTable, type TableOptions } from './table.js';
export { checkProperty, type CheckPropertyOptions } from './check.js';
export type { Counterexample, PropertyCheck } from '../app/check-property.js';
export { explore, exploreAll, type ExploreOptions, type ExploreAllOptions } from './explore.js';
export { resolveProtocol, type FamilyRef, type ProtocolRef, type ResolvedProtocol } from './protocol-ref.js';
export { installedFamilies, findFamily } from '../families/loaded.js';
export { protocolFromFile, ProtocolFileError } from '../engine/protocol-file.js';
export type { Family, FamilyProtocol, WorldSpec, World, WorldLife, WorkerContext, Observation } from '../engine/family.js';
export type { CaseResult } from '../engine/run-case.js';
export type { TableResults, StoredCell, CrashMode } from '../results/table-results.js';
export { combinedVerdict, type Verdict, type Violation } from '../engine/verdict.js';
export type { Mismatch, ExpectedTable } from '../table/run-table.js';
export type { PropertyResult, PropertyOutcome } from '../check/check-property.js';
export type { StoreKind } from '../check/suite.js';
export type { ExploreResult, ViolationGroup } from '../explore/explore.js';
export type { ExploreBounds } from '../explore/controlled-run.js';
