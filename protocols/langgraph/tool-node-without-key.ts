import { tool } from '@langchain/core/tools';
import { MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';
import { noReceipt } from '../receivers/no-receipt.js';
import type { GraphParts, LangGraphProtocol } from './types.js';

/**
 * The agent loop LangGraph's quickstart teaches: a model node, a ToolNode,
 * and toolsCondition between them. Its send_email tool calls a plain API
 * (no idempotency key). When the process dies after the API applied the
 * email and before LangGraph saved the tools node's writes, `invoke(null)`
 * re-runs the tools node from its first line: the email goes out twice.
 */
function graph({ checkpointer, model, effects }: GraphParts) {
  const sendEmail = tool(async (args) => JSON.stringify(await effects.apply('send_email', args)), {
    name: 'send_email',
    description: 'Sends an email to a customer.',
    schema: z.object({ to: z.string(), subject: z.string() }),
  });
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.bindTools!([sendEmail]).invoke(state.messages)] }))
    .addNode('tools', new ToolNode([sendEmail]))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', toolsCondition)
    .addEdge('tools', 'agent')
    .compile({ checkpointer });
}

export const toolNodeWithoutKey: LangGraphProtocol = {
  name: 'tool-node-without-key',
  summary: "a ToolNode's tool calls a plain API: a crash before the node's writes are saved sends again",
  graph,
  contract: noReceipt,
};
