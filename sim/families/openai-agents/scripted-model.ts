import { Usage, type AgentOutputItem, type Model, type ModelProvider, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents-core';
import type { ScriptedTurn } from '../../../protocols/openai-agents/types.js';

/** The id the scripted model gives each item of its k-th answer: the SDK passes it back in the next request's input. */
const ITEM_ID = /^scripted_(\d+)_/;

/** How many answers of the model a request's input already holds. */
function answered(request: ModelRequest): number {
  if (typeof request.input === 'string') return 0;
  const turns = new Set<string>();
  for (const item of request.input) {
    const id = 'id' in item && typeof item.id === 'string' ? ITEM_ID.exec(item.id) : null;
    if (id?.[1] !== undefined) turns.add(id[1]);
  }
  return turns.size;
}

/**
 * A Model of the SDK's interface that answers from a script, offline. Its
 * answer depends only on the conversation it is given: the k-th turn of the
 * script for an input holding k answers of the model, so a model in a fresh
 * life, asked about the conversation a saved RunState restored, answers what
 * a real model would be asked to. Call ids carry the life, as a real model
 * gives fresh ids to every request: only an id the SDK saved with the run
 * state survives a restart. Past the end of the script it says `done`.
 */
export class ScriptedModel implements Model {
  constructor(
    private readonly script: readonly ScriptedTurn[],
    private readonly life: number,
  ) {}

  /** The answer to a request holding `k` answers already: the script's k-th turn. */
  protected async turnFor(_request: ModelRequest, k: number): Promise<ScriptedTurn> {
    return this.script[k] ?? { text: 'done' };
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const k = answered(request);
    const turn = await this.turnFor(request, k);
    const output: AgentOutputItem[] = [];
    if (turn.text !== undefined)
      output.push({
        type: 'message',
        role: 'assistant',
        id: `scripted_${k}_text`,
        status: 'completed',
        content: [{ type: 'output_text', text: turn.text }],
      });
    const calls = [...(turn.calls ?? []), ...(turn.handoff && !turn.handoff.announcedOnly ? [{ name: turn.handoff.to, args: {} }] : [])];
    calls.forEach((call, i) =>
      output.push({
        type: 'function_call',
        id: `scripted_${k}_${i}`,
        callId: `call_${this.life}_${k}_${i}`,
        name: call.name,
        arguments: JSON.stringify(call.args ?? {}),
        status: 'completed',
      }),
    );
    return { usage: new Usage(), output };
  }

  // The family runs the SDK's non-streamed `run`; a streamed request is a use this model does not serve.
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    yield* [];
    throw new Error('the scripted model answers run(), not run(..., { stream: true })');
  }
}

/** Every model name the agents ask for resolves to the one scripted model: nothing reaches OpenAI. */
export function scriptedProvider(model: ScriptedModel): ModelProvider {
  return { getModel: () => model };
}
