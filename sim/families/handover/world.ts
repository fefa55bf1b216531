import type { ConversationEvent, HandoverContext, HandoverProtocol, Policy } from '../../../protocols/handover/types.js';
import type { Connection } from '../../engine/connections.js';
import { immediateTransaction } from '../../engine/connections.js';
import type { World, WorldLife, WorldSpec } from '../../engine/family.js';
import { joinWorkers } from '../../engine/runner.js';
import { guardrailSettings } from '../../../protocols/handover/guardrails/guardrail-settings.js';
import { loadGuardrailRules } from './guardrail-rules-file.js';
import { adversarialPolicy } from './adversarial-policy.js';
import { loadPolicyModule } from './policy-module.js';
import { referencePolicy } from './reference-policy.js';
import { scriptedPolicy } from './scripted-policy.js';
import { timedModel } from './timed-model.js';
import { routeTools } from './tool-server.js';
import { toolBox } from './toolbox.js';
import { worldTime } from './world-time.js';
import { deliverySchedule, type HandoverWorkload, type HandoverWorldSettings, type PolicyChoice } from './workload.js';

export type HandoverSpec = WorldSpec<HandoverProtocol, HandoverWorkload, HandoverWorldSettings>;

/** The model of one process life: a scripted one starts over, as a restarted model remembers nothing. */
async function modelOfLife(choice: PolicyChoice): Promise<Policy> {
  switch (choice.kind) {
    case 'reference':
      return referencePolicy;
    case 'scripted':
      return scriptedPolicy(choice.actions);
    case 'adversarial':
      return adversarialPolicy(choice.moves);
    case 'module':
      return loadPolicyModule(choice.path);
  }
}

/**
 * One process life of the handover world. The process starts (after a
 * restart delay, when it crashed), resumes what an earlier life left, and
 * then the channel delivers every event the harness has not acknowledged,
 * each at its time on the virtual clock; events that arrive at the same
 * moment go to concurrent workers. The world plays the operator too: an
 * operator's return resolves the conversation's open ticket, and waits while
 * there is none. Last, the harness drains what is left, time passing while a
 * receiver is unavailable, within roundsMax.
 */
export function handoverWorld(spec: HandoverSpec): World {
  const schedule = deliverySchedule(spec.workload);
  const tools = toolBox(spec.workload.graph);

  return {
    async live(life: WorldLife) {
      const time = worldTime(life.clock, spec.settings.realTime === true);
      if (life.index > 0) time.restarted(spec.settings.restartDelayMs);
      const model = await modelOfLife(spec.workload.policy);
      // The user's rules (--rules) are part of the harness: every life reads them, as a restarted process would.
      const rules = spec.workload.rules === undefined ? undefined : await loadGuardrailRules(spec.workload.rules);
      const settings = rules ? { ...spec.settings, guardrails: { ...spec.settings.guardrails, rules } } : spec.settings;
      const wallTimeoutMs = spec.workload.policy.kind === 'module' ? spec.workload.policy.callTimeoutMs : undefined;
      const memory = new Map<string, unknown>();
      // The world plays the channel and the operator through the life's own connections to their stores.
      const channel = life.connection('message-channel');
      const queue = life.connection('human-queue');
      // The tool server's configuration, from the graph: in a stress worker through the bounded SQLITE_BUSY retry.
      const route = () => routeTools(life.connection('tool-server'), spec.workload.graph);
      if (life.retryBusy) await life.retryBusy(route);
      else route();
      // The world's own writes to the channel: in a stress worker through the bounded SQLITE_BUSY retry, else at
      // once and without yielding, so that the interleaving of a virtual case's workers stays as it was.
      const onChannel = (work: (db: Connection) => void): Promise<void> | undefined =>
        life.retryBusy ? life.retryBusy(() => immediateTransaction(channel, work)) : (immediateTransaction(channel, work), undefined);
      const contextFor = (worker: string): HandoverContext => {
        const base = life.context(worker);
        return {
          ...base,
          receiver(name) {
            const client = base.receiver(name);
            return {
              send(request) {
                // A call takes time on the wire: what is sent first is received first, visibly.
                time.onTheWire(spec.settings.callLatencyMs);
                return client.send(request);
              },
            };
          },
          graph: spec.workload.graph,
          model: timedModel(model, life.clock, guardrailSettings(spec.settings).modelTimeoutMs, wallTimeoutMs),
          tools,
          settings,
          memory,
        };
      };
      const first = contextFor('w1');
      await spec.protocol.resume(first);

      const acked = new Set(
        (
          channel.prepare('SELECT conversation_id, event_id FROM inbound WHERE acked = 1').all() as {
            conversation_id: string;
            event_id: string;
          }[]
        ).map((row) => `${row.conversation_id}/${row.event_id}`),
      );
      const due = schedule.filter((event) => !acked.has(`${event.conversationId}/${event.eventId}`));
      const concurrent = !life.quiet && spec.workers > 1;
      for (let start = 0; start < due.length;) {
        const atMs = due[start]?.atMs ?? 0;
        let end = start;
        while (end < due.length && due[end]?.atMs === atMs) end++;
        const group = due.slice(start, end);
        start = end;
        const arrivedMs = time.arrive(atMs);
        const arrived = group.map((event) => ({ ...event, atMs: arrivedMs }));
        if (concurrent && group.length > 1) {
          // As many at once as there are workers, each delivery its own worker: one worker runs one delivery at a time.
          for (let first = 0; first < group.length; first += spec.workers) {
            const batch = arrived.slice(first, first + spec.workers);
            await joinWorkers(batch.map((event, n) => deliver(event, contextFor(`w${n + 1}`))));
          }
        } else {
          for (const event of arrived) await deliver(event, first);
        }
      }

      for (let round = 0; round < spec.roundsMax; round++) {
        const wait = await spec.protocol.resume(first);
        if (!wait) return;
        await life.injector.pause('w1', 'idle');
        life.history.record({
          atMs: life.clock.nowMs(),
          life: life.index,
          worker: 'w1',
          type: 'idle',
          op: 'work left',
          value: wait.waitUntilMs,
        });
        await time.waitUntil(wait.waitUntilMs);
      }

      async function deliver(event: ConversationEvent, ctx: HandoverContext): Promise<void> {
        const at = () => ({
          atMs: life.clock.nowMs(),
          life: life.index,
          worker: ctx.worker,
          op: 'deliver',
          value: `${event.conversationId}/${event.eventId}`,
        });
        if (event.kind === 'operator-return' && !operatorResolves(queue, event, life.clock.nowMs())) {
          life.history.record({
            ...at(),
            type: 'info',
            value: `${event.conversationId}/${event.eventId}: the operator has no open ticket yet`,
          });
          return;
        }
        const recorded = onChannel((db) => {
          db.prepare(
            `INSERT OR IGNORE INTO inbound (conversation_id, event_id, ordinal, delivered_seq, kind, text, received_at_ms)
             VALUES (?, ?, ?, (SELECT COALESCE(MAX(delivered_seq), 0) + 1 FROM inbound), ?, ?, ?)`,
          ).run(
            event.conversationId,
            event.eventId,
            event.ordinal,
            event.kind,
            event.kind === 'user' ? event.text : JSON.stringify(event.messages),
            event.atMs,
          );
        });
        if (recorded) await recorded;
        life.history.record({ ...at(), type: 'invoke' });
        await spec.protocol.receive(ctx, event);
        life.history.record({ ...at(), type: 'ok' });
        // The harness answered the webhook: the channel will not deliver this event again.
        const acknowledged = onChannel((db) => {
          db.prepare('UPDATE inbound SET acked = 1 WHERE conversation_id = ? AND event_id = ?').run(event.conversationId, event.eventId);
        });
        if (acknowledged) await acknowledged;
      }
    },
  };
}

/**
 * The operator gives the conversation back: this return resolves the
 * conversation's oldest open ticket, once (a redelivery finds it resolved by
 * this very event). Without any ticket there is nothing to give back yet.
 */
function operatorResolves(queue: Connection, event: ConversationEvent, nowMs: number): boolean {
  return immediateTransaction(queue, (db) => {
    const already = db
      .prepare('SELECT id FROM tickets WHERE conversation_id = ? AND resolved_by = ?')
      .get(event.conversationId, event.eventId);
    if (already) return true;
    const open = db
      .prepare('SELECT id FROM tickets WHERE conversation_id = ? AND resolved_at_ms IS NULL ORDER BY id LIMIT 1')
      .get(event.conversationId) as { id: number } | undefined;
    if (!open) return false;
    db.prepare('UPDATE tickets SET resolved_at_ms = ?, resolved_by = ? WHERE id = ?').run(nowMs, event.eventId, open.id);
    return true;
  });
}
