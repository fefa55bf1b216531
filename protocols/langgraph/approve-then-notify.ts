import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { atomicReceipt } from '../receivers/atomic-receipt.js';
import type { GraphParts, LangGraphProtocol } from './types.js';

/**
 * The repair of notify-then-approve, as LangGraph's guide advises: the
 * approvals come first in a node of their own, and the email is sent by a
 * node that runs once they are given, so a resume re-runs only the approval
 * node. The sending node still re-runs after a crash that beat its writes to
 * the checkpoint, so its request carries a key the API keeps receipts for:
 * LangGraph's task id, the same on that re-run, joined to the call's id.
 */
function graph({ checkpointer, model, effects }: GraphParts) {
  const lastCalls = (state: typeof MessagesAnnotation.State) => {
    const last = state.messages.at(-1);
    return last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
  };
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode(
      'review',
      () => {
        const manager = interrupt({ question: 'Approve the notice for the manager?' });
        const archive = interrupt({ question: 'Approve it for the archive?' });
        return new Command({ goto: manager === 'approve' && archive === 'approve' ? 'notify' : END });
      },
      { ends: ['notify', END] },
    )
    .addNode('notify', async (state, config: LangGraphRunnableConfig) => {
      const taskId = config.executionInfo?.taskId;
      if (taskId === undefined) throw new Error('notify runs outside a LangGraph task: there is no task id to key it with');
      const messages = [];
      for (const call of lastCalls(state)) {
        const result = await effects.apply(call.name, call.args, { key: `${taskId}:${call.id ?? ''}` });
        messages.push(new ToolMessage({ tool_call_id: call.id ?? '', content: JSON.stringify(result) }));
      }
      return { messages };
    })
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', (state) => (lastCalls(state).length > 0 ? 'review' : END))
    .addEdge('notify', 'agent')
    .compile({ checkpointer });
}

export const approveThenNotify: LangGraphProtocol = {
  name: 'approve-then-notify',
  summary: 'the approvals come first, the email in a node of its own keyed by the task id: one email at every cut',
  graph,
  contract: atomicReceipt,
};
