import { AIMessage, ToolMessage } from '@langchain/core/messages';
import { END, interrupt, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import { noReceipt } from '../receivers/no-receipt.js';
import type { GraphParts, LangGraphProtocol } from './types.js';

/**
 * A node that carries out the model's tool calls and then asks for two
 * approvals with interrupt(), the way LangGraph's human-in-the-loop guide
 * writes a review step. A resume re-runs the node from its first line, so
 * the email placed before the interrupts goes out once more at each of the
 * two resumes: N = 1 + resumes, with no crash at all.
 */
function graph({ checkpointer, model, effects }: GraphParts) {
  return new StateGraph(MessagesAnnotation)
    .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
    .addNode('notify', async (state) => {
      const last = state.messages.at(-1);
      const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
      const results: unknown[] = [];
      for (const call of calls) results.push(await effects.apply(call.name, call.args));
      interrupt({ question: 'Approve the notice for the manager?' });
      interrupt({ question: 'Approve it for the archive?' });
      return { messages: calls.map((call, i) => new ToolMessage({ tool_call_id: call.id ?? '', content: JSON.stringify(results[i]) })) };
    })
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', (state) => {
      const last = state.messages.at(-1);
      return last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? 'notify' : END;
    })
    .addEdge('notify', 'agent')
    .compile({ checkpointer });
}

export const notifyThenApprove: LangGraphProtocol = {
  name: 'notify-then-approve',
  summary: 'a node sends, then calls interrupt() twice for approval: every resume re-runs it and sends again',
  graph,
  contract: noReceipt,
};
