import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export { effectsFor } from '../../../testing/effects-file.js';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

/**
 * A user's project in `folder`: their node_modules (LangGraph, LangChain and
 * zod, linked from this repository's) and the modules given, by file name.
 * Returns the folder.
 */
export function userProject(folder: string, modules: Readonly<Record<string, string>>): string {
  mkdirSync(folder, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'));
  for (const [file, text] of Object.entries(modules)) writeFileSync(join(folder, file), text);
  return folder;
}

/** The lines of a graph module a user writes around their graph: the imports a ToolNode agent needs. */
export const GRAPH_IMPORTS = [
  "import { tool } from '@langchain/core/tools';",
  "import { MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';",
  "import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';",
  "import { z } from 'zod';",
].join('\n');

/**
 * A module the project has never seen, as a user writes it: a refund tool
 * behind a ToolNode, its own input and script; its name is its file's, its
 * intentions the tool's name and arguments. `graphBody` replaces the graph's
 * builder (bad input); `extra` adds exports.
 */
export function refundModule(graphBody = REFUND_GRAPH, extra = ''): string {
  return `${GRAPH_IMPORTS}

export const input = { messages: [{ role: 'user', content: 'Refund order 7.' }] };
export const script = [{ toolCalls: [{ name: 'refund', args: { order: 7, cents: 1250 } }] }, { content: 'Refunded.' }];
${extra}
export function graph({ checkpointer, model, effects }) {
  const refund = tool((args) => effects.apply('refund', args),
    { name: 'refund', description: 'Refunds an order.', schema: z.object({ order: z.number(), cents: z.number() }) });
${graphBody}
}
`;
}

/** The refund's intention as refundModule() counts it: the tool's name and its arguments. */
export const REFUND_INTENTION = 'refund:{"cents":1250,"order":7}';

/** An export naming each refund by its order instead, as a module may. */
export const ORDER_INTENTION = "export const intention = (call) => `refund:order-${call.args.order}`;\n";

export const REFUND_GRAPH = `  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode('tools', new ToolNode([refund]))
    .addEdge(START, 'agent').addConditionalEdges('agent', toolsCondition).addEdge('tools', 'agent')
    .compile({ checkpointer });`;
