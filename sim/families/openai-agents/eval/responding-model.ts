import type { AgentInputItem, ModelRequest } from '@openai/agents-core';
import type { ScriptedTurn } from '../../../../protocols/openai-agents/types.js';
import { isScript } from '../protocol-module.js';
import { ScriptedModel } from '../scripted-model.js';

/** One message of the conversation the model is asked about, as `respond` reads it. */
export interface ModelMessage {
  /** `call`: a tool or handoff the model called (text: its arguments); `tool`: what the tool answered. */
  role: 'user' | 'assistant' | 'call' | 'tool';
  text: string;
  /** The tool's name, for a call and a tool's answer. */
  name?: string;
}

/** What `respond` is asked: which agent answers, the conversation so far, and the tools and handoffs that agent has. */
export interface ModelQuestion {
  agent: string;
  messages: ModelMessage[];
  tools: string[];
  handoffs: string[];
}

/** The user's stand-in for their model in an evaluation: one answer of the scripted model's shape per question. */
export type Respond = (question: ModelQuestion) => ScriptedTurn | Promise<ScriptedTurn>;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown; refusal?: unknown }) => String(part.text ?? part.refusal ?? '')).join('');
}

/** The SDK's input items as messages: the user's and the agents' text, the calls the model made and the tools' answers. */
export function messagesOf(input: string | AgentInputItem[]): ModelMessage[] {
  if (typeof input === 'string') return [{ role: 'user', text: input }];
  return input.flatMap((item): ModelMessage[] => {
    if ('role' in item && (item.role === 'user' || item.role === 'assistant')) return [{ role: item.role, text: textOf(item.content) }];
    if (item.type === 'function_call') return [{ role: 'call', name: item.name, text: item.arguments }];
    if (item.type === 'function_call_result') {
      const { output } = item;
      return [{ role: 'tool', name: item.name, text: typeof output === 'string' ? output : textOf((output as { text?: unknown }).text ?? output) }];
    }
    return [];
  });
}

/**
 * The model of an evaluated conversation: each request is a question to the
 * user's `respond` (which agent answers, the conversation so far), and the
 * answer is turned into the SDK's output items as the scripted model turns a
 * script's. An answer that announces a handover without calling it
 * (`handoff.announcedOnly`) is told to `announced`.
 */
export class RespondingModel extends ScriptedModel {
  /** The agent the next request is for: the runner's input filter sets it before every call. */
  answering = '';

  constructor(
    private readonly respond: Respond,
    life: number,
    private readonly announced: () => void,
  ) {
    super([], life);
  }

  protected override async turnFor(request: ModelRequest): Promise<ScriptedTurn> {
    const question: ModelQuestion = {
      agent: this.answering,
      messages: messagesOf(request.input),
      tools: request.tools.map((tool) => tool.name),
      handoffs: request.handoffs.map((handoff) => handoff.toolName),
    };
    const answer: unknown = await this.respond(question);
    if (answer === null || typeof answer !== 'object' || !isScript([answer]))
      throw new Error(`respond() answered ${JSON.stringify(answer) ?? String(answer)}: answer { text?, calls?: [{ name, args }], handoff?: { to, announcedOnly? } }`);
    const turn = answer as ScriptedTurn;
    if (turn.text === undefined && (turn.calls ?? []).length === 0 && turn.handoff === undefined)
      throw new Error('respond() answered nothing: give text, calls or a handoff');
    if (turn.handoff?.announcedOnly) this.announced();
    return turn;
  }
}
