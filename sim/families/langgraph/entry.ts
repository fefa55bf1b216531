import type { AnySuite } from '../../check/suite.js';
import type { AnyFamily } from '../../engine/run-case.js';

/**
 * The langgraph family as the registry lists it, known without loading
 * LangGraph: its packages are optional peer dependencies, and only load()
 * imports them (the family, its world and its example graphs).
 */
export const langgraphEntry = {
  name: 'langgraph',
  summary: "a user's LangGraph.js graph on its own SqliteSaver, resumed as LangGraph resumes, one effect per tool call",
  peers: ['@langchain/core', '@langchain/langgraph', '@langchain/langgraph-checkpoint-sqlite'],
  protocolNames: [
    'notify-then-approve',
    'approve-then-notify',
    'tool-node-without-key',
    'tool-node-key-from-task',
    'functional-task-async',
  ],
  claims: (exports: Readonly<Record<string, unknown>>) => exports.graph !== undefined,
  moduleShape: 'graph({ checkpointer, model, effects })',
  async load(): Promise<AnyFamily> {
    const { langgraphFamily } = await import('./family.js');
    return langgraphFamily as unknown as AnyFamily;
  },
  async properties(): Promise<AnySuite> {
    return (await import('../../../scenarios/langgraph/properties/suite.js')).LANGGRAPH_SUITE as unknown as AnySuite;
  },
} as const satisfies {
  name: string;
  summary: string;
  peers: readonly string[];
  protocolNames: readonly string[];
  claims(exports: Readonly<Record<string, unknown>>): boolean;
  moduleShape: string;
  load(): Promise<AnyFamily>;
  properties(): Promise<AnySuite>;
};
