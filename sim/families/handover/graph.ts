import { CONTRACTS } from '../../../protocols/receivers/contracts.js';
import type { ToolDeclaration } from '../../../protocols/handover/tools/tool-declaration.js';
import { lazyValidator, schemaErrorText, sharedAjv } from '../../engine/lazy-validator.js';

/** An AI agent of the graph: whom it may transfer to (its edges) and which tools it has. */
export interface AgentNode {
  description: string;
  edges: string[];
  tools: string[];
}

/** A person (or a team of them) a conversation can be handed over to, reached through the human queue. */
export interface HumanNode {
  description: string;
  /** What the user is promised: a person answers within this many virtual ms (in office hours). */
  answersWithinMs: number;
  /** Office hours on the virtual clock, in hours of the day [openHour, closeHour). */
  openHour: number;
  closeHour: number;
  /** The path that does not depend on the queue, given to urgent cases out of hours. */
  urgentLine: string;
  /**
   * What this person writes to the user when giving the conversation back:
   * the operator's messages of the table's conversation, which enter the
   * agent's context. A line naming the person's description when absent.
   */
  returnMessages?: string[];
}

/**
 * The handover graph as data: a router in front, specialists behind, people
 * at the edges. An agent knows only the targets its edges name; the harness,
 * not the model, decides what a transfer may reach.
 */
export interface HandoverGraph {
  entry: string;
  agents: Record<string, AgentNode>;
  humans: Record<string, HumanNode>;
  /** Where the harness sends a conversation when it overrides the model (step limit, transfer limit). */
  fallbackHuman: string;
  /** The graph's own tools, by name, which its agents may list beside the built-in ones (KNOWN_TOOLS). */
  tools?: Record<string, ToolDeclaration>;
}

/** The tools the harness can run for an agent, besides `transfer`. */
export const KNOWN_TOOLS = ['book_appointment', 'lookup_info', 'triage'] as const;

export const DEFAULT_GRAPH: HandoverGraph = {
  entry: 'router',
  agents: {
    router: {
      description: 'understands what the user wants and transfers; answers nothing itself',
      edges: ['appointments', 'information', 'human_nurse'],
      tools: [],
    },
    appointments: {
      description: 'books and moves appointments',
      edges: ['router', 'human_nurse'],
      tools: ['book_appointment'],
    },
    information: {
      description: 'opening hours, addresses, what to bring',
      edges: ['router', 'human_nurse'],
      tools: [],
    },
  },
  humans: {
    human_nurse: {
      description: 'a nurse on duty',
      answersWithinMs: 2 * 3_600_000,
      openHour: 8,
      closeHour: 20,
      urgentLine: 'call 112',
      returnMessages: ['Nurse Ada: rest today; if the pain comes back, call 112. I have noted it in your file.'],
    },
  },
  fallbackHuman: 'human_nurse',
};

/** What the person writes when giving a conversation back: the graph's own lines, or one naming who answered. */
export function returnMessagesOf(graph: HandoverGraph, human: string): string[] {
  const node = graph.humans[human];
  return node?.returnMessages ?? [`${node?.description ?? human}: I have answered you; our assistant is with you again.`];
}

const NODE_NAME = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;

const GRAPH_SCHEMA = {
  type: 'object',
  properties: {
    entry: NODE_NAME,
    agents: {
      type: 'object',
      minProperties: 1,
      propertyNames: NODE_NAME,
      additionalProperties: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          edges: { type: 'array', items: NODE_NAME, uniqueItems: true },
          tools: { type: 'array', items: NODE_NAME, uniqueItems: true },
        },
        required: ['description', 'edges', 'tools'],
        additionalProperties: false,
      },
    },
    humans: {
      type: 'object',
      minProperties: 1,
      propertyNames: NODE_NAME,
      additionalProperties: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          answersWithinMs: { type: 'integer', minimum: 1 },
          openHour: { type: 'integer', minimum: 0, maximum: 24 },
          closeHour: { type: 'integer', minimum: 0, maximum: 24 },
          urgentLine: { type: 'string', minLength: 1 },
          returnMessages: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        },
        required: ['description', 'answersWithinMs', 'openHour', 'closeHour', 'urgentLine'],
        additionalProperties: false,
      },
    },
    fallbackHuman: NODE_NAME,
    tools: {
      type: 'object',
      propertyNames: NODE_NAME,
      additionalProperties: {
        type: 'object',
        properties: {
          description: { type: 'string', minLength: 1 },
          parameters: { type: 'object' },
          acts: { type: 'string', enum: CONTRACTS.map((contract) => contract.name) },
          latencyMs: { type: 'integer', minimum: 0 },
          timeMaxMs: { type: 'integer', minimum: 1 },
          outputCharsMax: { type: 'integer', minimum: 1 },
          output: { type: 'string' },
        },
        required: ['description', 'parameters', 'timeMaxMs', 'outputCharsMax'],
        additionalProperties: false,
      },
    },
  },
  required: ['entry', 'agents', 'humans', 'fallbackHuman'],
  additionalProperties: false,
} as const;

const shape = lazyValidator<unknown>(GRAPH_SCHEMA);

/**
 * Checks a graph given as JSON (a user's graph file): its shape by JSON
 * Schema, then what a schema cannot say (every edge names a node, the entry
 * is an agent, no node is both). Returns the graph, or one sentence saying
 * what is wrong.
 */
export function graphFromJson(json: unknown, where: string): HandoverGraph | string {
  if (!shape.validate(json)) {
    const error = shape.firstError();
    return `${where}: ${error ? schemaErrorText([error], error.instancePath ? '' : 'the graph') : 'not a handover graph'}`;
  }
  const graph = json as HandoverGraph;
  const agents = Object.keys(graph.agents);
  const humans = Object.keys(graph.humans);
  const both = agents.find((name) => humans.includes(name));
  if (both) return `${where}: '${both}' is both an agent and a human`;
  if (!agents.includes(graph.entry)) return `${where}: entry '${graph.entry}' is not an agent of the graph; one of ${agents.join(', ')}`;
  if (!humans.includes(graph.fallbackHuman))
    return `${where}: fallbackHuman '${graph.fallbackHuman}' is not a human of the graph; one of ${humans.join(', ')}`;
  const declared = Object.keys(graph.tools ?? {});
  const builtIn = declared.find((tool) => (KNOWN_TOOLS as readonly string[]).includes(tool) || tool === 'transfer');
  if (builtIn) return `${where}: tools declares '${builtIn}', which is a built-in tool's name; name your own tool otherwise`;
  for (const [tool, declaration] of Object.entries(graph.tools ?? {})) {
    const invalid = schemaInvalid(declaration.parameters);
    if (invalid) return `${where}: tools.${tool}.parameters is not a JSON Schema: ${invalid}`;
  }
  const offered = [...KNOWN_TOOLS, ...declared];
  for (const [name, node] of Object.entries(graph.agents)) {
    const tool = node.tools.find((listed) => !offered.includes(listed));
    if (tool)
      return `${where}: agent '${name}' has the tool '${tool}', which is neither built in nor declared in tools; one of ${offered.join(', ')}`;
  }
  for (const [name, node] of Object.entries(graph.agents)) {
    const unknown = node.edges.find((edge) => edge === name || (!agents.includes(edge) && !humans.includes(edge)));
    const others = [...agents, ...humans].filter((node) => node !== name);
    if (unknown)
      return `${where}: agent '${name}' has an edge to '${unknown}', which is ${unknown === name ? 'itself' : 'no node of the graph'}; an edge names one of ${others.join(', ')}`;
  }
  return graph;
}

/** Why ajv cannot compile a tool's parameters, or undefined when it can. */
function schemaInvalid(parameters: object): string | undefined {
  try {
    sharedAjv().compile(parameters);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function isHuman(graph: HandoverGraph, node: string): boolean {
  return Object.hasOwn(graph.humans, node);
}
