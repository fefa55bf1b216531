import { AIMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { entrypoint, task } from '@langchain/langgraph';
import { noReceipt } from '../receivers/no-receipt.js';
import type { JsonValue } from '../receivers/types.js';
import type { Durability, GraphParts, LangGraphProtocol } from './types.js';

type ToolCall = NonNullable<AIMessage['tool_calls']>[number];

/**
 * The agent loop as LangGraph's functional API tutorial writes it: an
 * `entrypoint` whose model call and tool calls are `task`s. LangGraph saves
 * each task's result as the task ends (its writes), and a resumed entrypoint
 * runs again from its first line, taking a finished task's result from the
 * checkpoint instead of running it. A task whose effect committed and whose
 * result was not saved runs again; which results are saved before a crash is
 * what the `durability` option decides.
 */
function graph({ checkpointer, model, effects }: GraphParts) {
  const callModel = task('callModel', async (messages: BaseMessage[]) => model.invoke(messages));
  const sendEmail = task('sendEmail', async (call: ToolCall) =>
    JSON.stringify(await effects.apply(call.name, call.args as Record<string, JsonValue>)),
  );
  return entrypoint({ name: 'agent', checkpointer }, async (input: { messages: BaseMessage[] }) => {
    let messages = input.messages;
    let reply = await callModel(messages);
    while (AIMessage.isInstance(reply) && (reply.tool_calls?.length ?? 0) > 0) {
      const calls = reply.tool_calls ?? [];
      const results = await Promise.all(calls.map((call) => sendEmail(call)));
      messages = [
        ...messages,
        reply,
        ...calls.map((call, i) => new ToolMessage({ tool_call_id: call.id ?? '', content: results[i] ?? '' })),
      ];
      reply = await callModel(messages);
    }
    return reply.content;
  });
}

/** The same entrypoint invoked with each of LangGraph's durability modes: what each saves before a crash, measured. */
function functionalTask(durability: Durability): LangGraphProtocol {
  return {
    name: `functional-task-${durability}`,
    summary: `entrypoint and task, durability '${durability}': a task whose result is not yet saved runs again after a crash`,
    graph,
    contract: noReceipt,
    durability,
  };
}

export const functionalTaskExit = functionalTask('exit');
export const functionalTaskAsync = functionalTask('async');
export const functionalTaskSync = functionalTask('sync');
