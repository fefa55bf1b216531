import { tool } from '@langchain/core/tools';
import { MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { ToolNode, toolsCondition } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import type { GraphParts, LangGraphProtocol } from './types.js';

/**
 * The repair of tool-node-without-key: the same graph, and the tool sends an
 * idempotency key to an API that keeps receipts. The key is the task id
 * LangGraph gives the tools node (a hash of the checkpoint the task was
 * planned from, the step, the node and its trigger), which is the same when
 * LangGraph re-runs the task after a crash, joined to the tool call's id,
 * since one task may make several calls.
 */
function graph({ checkpointer, model, effects }: GraphParts) {
  const sendEmail = tool(
    async (args, config: LangGraphRunnableConfig & { toolCall?: { id?: string } }) => {
      const taskId = config.executionInfo?.taskId;
      if (taskId === undefined) throw new Error('send_email runs outside a LangGraph task: there is no task id to key it with');
      return JSON.stringify(await effects.apply('send_email', args, { key: `${taskId}:${config.toolCall?.id ?? ''}` }));
    },
    {
      name: 'send_email',
      description: 'Sends an email to a customer.',
      schema: z.object({ to: z.string(), subject: z.string() }),
    },
  );
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.bindTools!([sendEmail]).invoke(state.messages)] }))
    .addNode('tools', new ToolNode([sendEmail]))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', toolsCondition)
    .addEdge('tools', 'agent')
    .compile({ checkpointer });
}

export const toolNodeKeyFromTask: LangGraphProtocol = {
  name: 'tool-node-key-from-task',
  summary: "the tool's key is LangGraph's task id and the call's id, which a re-run keeps; the API keeps receipts",
  graph,
  contract: atomicReceipt,
};
