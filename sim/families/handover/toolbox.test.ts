import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPH, graphFromJson } from './graph.js';
import { toolBox, transferSchema } from './toolbox.js';

describe('the typed transfer tool', () => {
  const tools = toolBox(DEFAULT_GRAPH);

  it("offers each agent a schema whose target is an enum of that agent's edges, and nothing else", () => {
    expect(transferSchema(DEFAULT_GRAPH, 'appointments')).toMatchObject({
      properties: { target: { enum: ['router', 'human_nurse'] } },
      required: ['target', 'reason', 'summary'],
      additionalProperties: false,
    });
    expect(tools.specs('router').map((spec) => spec.name)).toEqual(['transfer']);
    expect(tools.specs('appointments').map((spec) => spec.name)).toEqual(['transfer', 'book_appointment']);
  });

  it('accepts a transfer along an edge with an allowed reason and a summary', () => {
    expect(tools.validateTransfer('router', { target: 'appointments', reason: 'out_of_scope', summary: 'wants a booking' })).toEqual({
      ok: true,
      value: { target: 'appointments', reason: 'out_of_scope', summary: 'wants a booking' },
    });
  });

  it.each([
    [
      'a target outside the graph',
      { target: 'billing', reason: 'out_of_scope', summary: 's' },
      'transfer: arguments/target must be one of router, human_nurse',
    ],
    [
      'a node that is not an edge of this agent',
      { target: 'information', reason: 'out_of_scope', summary: 's' },
      'must be one of router, human_nurse',
    ],
    ['a missing summary', { target: 'router', reason: 'out_of_scope' }, "must have required property 'summary'"],
    ['an empty summary', { target: 'router', reason: 'out_of_scope', summary: '' }, 'must NOT have fewer than 1 characters'],
    [
      'a reason not in the enum',
      { target: 'router', reason: 'because', summary: 's' },
      'must be one of out_of_scope, user_requested_human,',
    ],
    [
      'another property',
      { target: 'router', reason: 'out_of_scope', summary: 's', priority: 'high' },
      'must NOT have additional properties',
    ],
    ['arguments that are not an object', 'human_nurse', 'must be object'],
  ])('refuses %s, with the error the model gets back', (_case, args, message) => {
    const result = tools.validateTransfer('appointments', args);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(message);
  });
});

const OWN_TOOL = { description: 'refund', parameters: { type: 'object' }, timeMaxMs: 1_000, outputCharsMax: 100 };

describe('the handover graph as data', () => {
  it('accepts the default graph through its JSON form', () => {
    expect(graphFromJson(JSON.parse(JSON.stringify(DEFAULT_GRAPH)), 'default')).toEqual(DEFAULT_GRAPH);
  });

  it.each([
    [
      'an edge to no node',
      { ...DEFAULT_GRAPH, agents: { ...DEFAULT_GRAPH.agents, router: { ...DEFAULT_GRAPH.agents.router, edges: ['billing'] } } },
      "edge to 'billing'",
    ],
    ['an entry that is not an agent', { ...DEFAULT_GRAPH, entry: 'human_nurse' }, "entry 'human_nurse' is not an agent"],
    ['a fallback that is not a human', { ...DEFAULT_GRAPH, fallbackHuman: 'router' }, "fallbackHuman 'router'"],
    [
      'an unknown tool',
      { ...DEFAULT_GRAPH, agents: { router: { description: 'r', edges: [], tools: ['delete_records'] } } },
      "agent 'router' has the tool 'delete_records', which is neither built in nor declared in tools; one of book_appointment, lookup_info, triage",
    ],
    [
      'an own tool whose contract is none',
      { ...DEFAULT_GRAPH, tools: { refund: { ...OWN_TOOL, acts: 'atomic' } } },
      '/tools/refund/acts must be one of no-receipt, atomic-receipt,',
    ],
    [
      "an own tool with a built-in tool's name",
      { ...DEFAULT_GRAPH, tools: { lookup_info: OWN_TOOL } },
      "tools declares 'lookup_info', which is a built-in tool's name",
    ],
    [
      'an own tool whose parameters are no JSON Schema',
      { ...DEFAULT_GRAPH, tools: { refund: { ...OWN_TOOL, parameters: { type: 'invoice' } } } },
      'tools.refund.parameters is not a JSON Schema: schema is invalid',
    ],
    [
      'a missing humans section',
      { entry: 'router', agents: DEFAULT_GRAPH.agents, fallbackHuman: 'human_nurse' },
      "must have required property 'humans'",
    ],
  ])('refuses %s in one sentence', (_case, json, message) => {
    const result = graphFromJson(json, 'g.json');
    expect(typeof result).toBe('string');
    expect(result).toContain(message);
    expect(result).toMatch(/^g\.json: /);
  });
});
