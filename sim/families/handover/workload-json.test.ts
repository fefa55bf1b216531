import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../engine/history.js';
import { InputError } from '../../engine/input-error.js';
import { handoverFamily } from './family.js';
import { stressConversations } from './stress-workload.js';
import { exploreConversations, TABLE_WORKLOAD, type HandoverWorkload } from './workload.js';

const asJson = (workload: HandoverWorkload) => JSON.parse(JSON.stringify(handoverFamily.workloadToJson(workload))) as JsonValue;

/** The table's workload as JSON, with one part replaced: what a damaged results file or replay would hold. */
function damaged(change: (json: Record<string, unknown>) => void): JsonValue {
  const json = asJson(TABLE_WORKLOAD) as Record<string, unknown>;
  change(json);
  return json as JsonValue;
}

describe('handover workloadFromJson: a checked decoder', () => {
  it.each([
    ['the table', TABLE_WORKLOAD],
    ['exploration', exploreConversations(3)],
    ["a stress worker's share", stressConversations(4, 2, 1)],
    ['a scripted model', { ...TABLE_WORKLOAD, policy: { kind: 'scripted', actions: [{ type: 'reply', text: 'hi' }] } } as HandoverWorkload],
  ])('gives back %s as it went out', (_, workload) => {
    expect(handoverFamily.workloadFromJson(asJson(workload))).toEqual(workload);
  });

  it.each([
    ['not an object', () => 42 as JsonValue, 'workload: the workload must be object'],
    ['no conversations', () => damaged((json) => delete json.conversations), "must have required property 'conversations'"],
    ['an unknown policy', () => damaged((json) => (json.policy = { kind: 'oracle' })), 'workload: /policy'],
    [
      'an event without its text',
      () => damaged((json) => ((json.conversations as { events: object[] }[])[0]!.events[0] = { atMs: 0, kind: 'user' })),
      'workload: /conversations/0/events/0',
    ],
    [
      'a negative time',
      () => damaged((json) => ((json.conversations as { events: object[] }[])[0]!.events[0] = { atMs: -1, kind: 'user', text: 'x' })),
      'workload: /conversations/0/events/0',
    ],
    [
      'a graph edge to nowhere',
      () => damaged((json) => ((json.graph as { entry: string }).entry = 'nobody')),
      "entry 'nobody' is not an agent",
    ],
    [
      'a conversation twice',
      () => damaged((json) => (json.conversations = [...(json.conversations as object[]), ...(json.conversations as object[])])),
      "conversation 'c1' appears twice",
    ],
  ])('refuses %s in one sentence, an input error (exit 2), never a cast', (_, make, says) => {
    let thrown: unknown;
    try {
      handoverFamily.workloadFromJson(make());
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect((thrown as Error).message).toContain(says);
    expect((thrown as Error).message.split('\n')).toHaveLength(1);
  });
});
