import type { ValidateFunction } from 'ajv';
import { schemaErrorText, sharedAjv } from '../../engine/lazy-validator.js';
import { REFERENCE_TOOLS } from '../../../protocols/handover/tools/reference-tools.js';
import { ownTool } from '../../../protocols/handover/tools/own-tool.js';
import { TRIAGE_TOOL } from '../../../protocols/handover/triage-tool.js';
import type { ToolBox, ToolSpec, TransferArguments, Validated } from '../../../protocols/handover/types.js';
import { TRANSFER_REASONS } from '../../../protocols/handover/types.js';
import type { HandoverGraph } from './graph.js';

/**
 * The seed's transfer contract as JSON Schema, for one agent: the target is
 * one of that agent's edges and nothing else, the reason one of four, the
 * summary required, no other property.
 */
export function transferSchema(graph: HandoverGraph, agent: string): ToolSpec['parameters'] {
  return {
    type: 'object',
    properties: {
      target: { type: 'string', enum: [...(graph.agents[agent]?.edges ?? [])] },
      reason: { type: 'string', enum: [...TRANSFER_REASONS] },
      summary: { type: 'string', minLength: 1 },
    },
    required: ['target', 'reason', 'summary'],
    additionalProperties: false,
  };
}

/** Compiled validators by schema text, shared by every case of the process: compiling costs far more than a case. */
const VALIDATORS = new Map<string, ValidateFunction>();

function validator(_tool: string, schema: ToolSpec['parameters']): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = VALIDATORS.get(text);
  if (!validate) {
    validate = sharedAjv().compile(schema);
    VALIDATORS.set(text, validate);
  }
  return validate;
}

/**
 * The world's tools for one graph: each agent is offered `transfer` (its own
 * schema, validated here by ajv) and the tools its node lists, built in or
 * declared by the graph, which the harness's sandbox validates and runs.
 */
export function toolBox(graph: HandoverGraph): ToolBox {
  const own = Object.fromEntries(Object.entries(graph.tools ?? {}).map(([name, declaration]) => [name, ownTool(name, declaration)]));
  const check = <T>(validate: ValidateFunction, args: unknown, tool: string): Validated<T> =>
    validate(args) ? { ok: true, value: args as T } : { ok: false, error: `${tool}: ${schemaErrorText(validate.errors, 'arguments')}` };

  return {
    own,
    specs(agent) {
      const specs: ToolSpec[] = [
        { name: 'transfer', description: 'hand the conversation to another agent or a person', parameters: transferSchema(graph, agent) },
      ];
      for (const name of graph.agents[agent]?.tools ?? []) {
        const spec = name === TRIAGE_TOOL.name ? TRIAGE_TOOL : (REFERENCE_TOOLS[name]?.spec ?? own[name]?.spec);
        if (spec) specs.push(spec);
      }
      return specs;
    },

    validateTransfer(agent, args) {
      return check<TransferArguments>(validator(`transfer:${agent}`, transferSchema(graph, agent)), args, 'transfer');
    },
  };
}
