/**
 * `import … from 'cutpoint'`: the public API (sim/api).
 *
 * @module cutpoint
 */

export * from '../sim/api/index.js';
/** A reservation protocol, and the module a protocol file of yours exports. */
export type { Protocol as ReservationProtocol } from '../protocols/reservation/types.js';
export type { ProtocolModule } from '../protocols/reservation/module-shape.js';
/** The reservation family's property definitions, as `sim check --list` shows them. */
export { PROPERTY_DEFINITIONS } from '../scenarios/reservation/properties/definitions.js';
/** To build a protocol of one's own from the reference with a seam of one's own: the plan loop and the handover harness. */
export { planLoop } from '../protocols/plan/plan-loop.js';
export type { PlanLoopDefinition, PlanLoopSeams, GateCheck, CallResult, KeyRequest } from '../protocols/plan/seams.js';
export { CORRECT_SEAMS, runStepFileKey } from '../protocols/plan/correct-seams.js';
/** The plan loop's checkpoint write, for a seam that marks a step done itself, and the checkpoint and store the seams are given. */
export { commitStepDone } from '../protocols/plan/checkpoint-writes.js';
export type { Checkpoint, CheckpointStore, PlanContext, StepState } from '../protocols/plan/types.js';
export type { Plan, PlanStep } from '../protocols/plan/plan.js';
export { harnessProtocol, type HarnessDefinition } from '../protocols/handover/harness.js';
export type { ConversationView, HandoverContext, ModelAction, ToolSpec } from '../protocols/handover/types.js';
/** The handover harness's seams, the reference's choice for each, and the reference's ticket request for an own `enqueueTicket`. */
export { REFERENCE_SEAMS, type HandoverWrites, type HarnessSeams } from '../protocols/handover/seams.js';
export { ticketRequest } from '../protocols/handover/ticket.js';
export type { ConversationRow, HandoverRow } from '../protocols/handover/store.js';
/** The user's parts of `sim eval handover`: guardrail rules by layer (--rules), a judge of context quality (--judge), a suite's turns. */
export type { GuardrailRule, GuardrailRules, RuleAction, RuleLayer } from '../protocols/handover/guardrails/rules.js';
export type { ContextJudge, JudgeAnswer, JudgeRequest } from '../sim/families/handover/eval/judge.js';
export type { EvalScenario, Turn, TurnRole } from '../sim/families/handover/eval/suite.js';
