import { BaseChatModel, type BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { ScriptedTurn } from '../../../protocols/langgraph/types.js';

export type { ScriptedTurn };

/**
 * A chat model that answers from a script, offline. Its answer depends only
 * on the conversation it is given: the k-th answer for a conversation that
 * already holds k answers of the model. So a model restarted in a fresh life,
 * asked again about the conversation LangGraph restored from its checkpoint,
 * answers what a real model would be asked to, without memory of its own.
 * Past the end of the script it says `done` and calls no tool.
 */
export class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly script: readonly ScriptedTurn[]) {
    super({});
  }

  _llmType(): string {
    return 'cutpoint-scripted';
  }

  /** The tools are the script's business: a real model would be told them, this one already knows what it calls. */
  override bindTools(): this {
    return this;
  }

  async _generate(messages: BaseMessage[], _options: BaseChatModelCallOptions): Promise<ChatResult> {
    const answered = messages.filter((message) => AIMessage.isInstance(message)).length;
    const turn = this.script[answered] ?? { content: 'done' };
    const message = new AIMessage({
      content: turn.content,
      tool_calls: (turn.toolCalls ?? []).map((call) => ({ id: call.id, name: call.name, args: call.args, type: 'tool_call' as const })),
    });
    return { generations: [{ text: turn.content, message }] };
  }
}
