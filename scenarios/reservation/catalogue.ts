/**
 * The catalogue of real-world failure modes: a known-flawed protocol each,
 * what the reference table shows of it, and the smallest exploration (at every
 * boundary, each commit too) that finds its bug. The catalogue table of docs/explanation/contracts.md
 * is these entries, and a test measures every one.
 */
import { linesRequest } from '../../protocols/reservation/request-lines.js';
import { BACKORDERED_PART, BLOCKED_TENANT } from '../../protocols/reservation/warehouse-refusals.js';
import type { Intention } from '../../protocols/reservation/types.js';
import { objectUpdates } from '../../sim/families/reservation/family.js';

export interface CatalogueEntry {
  protocol: string;
  /** Measured N at the five classic cuts, one intention, one worker; null where the run never reaches that cut. */
  classicRow: readonly (number | null)[];
  /** `sim explore --cuts all` with these bounds finds the bug: this kind, in a schedule with this many crashes. */
  finds: { workers: number; intentions: number; crashDepth: number; kind: 'lost' | 'duplicate' | 'stuck' | 'order'; crashes: number };
  story: string;
  /**
   * The intention the row and the exploration lead with, when the seed's
   * intention cannot show the flaw (one the warehouse refuses). Without it,
   * the family's own table and explore workloads.
   */
  intention?: Intention;
  /**
   * The workload the row and the exploration run instead, when the flaw needs
   * several intentions of one kind to show (updates to one object): `count`
   * of them; the row runs `finds.intentions` and counts N for the first.
   */
  workload?: (count: number) => Intention[];
}

/** A request of two lines, one in stock and one backordered: its first reply is partial. */
const TWO_LINES = linesRequest('tenantA', 'reserve42', [
  { part: 'spare-part-7', qty: 1 },
  { part: BACKORDERED_PART, qty: 1 },
]);

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    protocol: 'receipt-then-effect',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'lost', crashes: 1 },
    story:
      'The warehouse files the receipt, then applies the effect in a second transaction. A crash between the two leaves a receipt that promises an effect that never happened; the retry is answered from the receipt and told it succeeded (N=0, silently).',
  },
  {
    protocol: 'effect-then-receipt',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'duplicate', crashes: 1 },
    story:
      'The warehouse applies the effect, then files its receipt in a second transaction. A crash between the two, or a second worker arriving between them, finds no receipt and applies again (N=2).',
  },
  {
    protocol: 'check-then-act',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 2, intentions: 1, crashDepth: 0, kind: 'duplicate', crashes: 0 },
    story:
      'The warehouse looks the receipt up in one transaction and applies the effect in another. Sequential retries are deduplicated, so every single-worker test passes; two relay workers whose leases overlap both pass the check and both apply (N=2), with no crash at all.',
  },
  {
    protocol: 'key-regenerated-on-resume',
    classicRow: [1, 1, 2, 2, 1],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'duplicate', crashes: 1 },
    story:
      'After a restart the agent re-plans and mints a new idempotency key for work it had already sent, as a model asked again would. The receipt is filed under the old key, so the resend looks new (N=2 after a crash once the effect happened).',
  },
  {
    protocol: 'tenant-less-receipt',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'lost', crashes: 0 },
    story:
      "The receipt is keyed by the key alone. A second tenant that happens to use the same key text gets the first tenant's stored result: its own reservation never happens (N=0), and it learns another tenant's reservation id, a leak. One intention per run, as in the table, never shows it.",
  },
  {
    protocol: 'async-accept',
    classicRow: [0, 0, 1, 1, 0],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'lost', crashes: 0 },
    story:
      'The warehouse accepts now and completes later, and a completion can fail (here the first completion of every operation fails). A sender that takes "accepted" for "done" loses the effect whenever the completion fails (N=0 without any crash; only a crash that forces a resend repairs it, by accident). Its repair, async-accept-reconciled, treats "accepted" as "ask again by key" and gets N=1 everywhere.',
  },
  {
    protocol: 'outbox-delete-after-publish',
    classicRow: [1, 1, 2, 2, 1],
    finds: { workers: 1, intentions: 2, crashDepth: 1, kind: 'duplicate', crashes: 1 },
    story:
      'The relay publishes to a receiver without receipts (a plain message bus), marks the intention done, then deletes the outbox row in a separate transaction. A crash between the two leaves the row, and recovery publishes it again (N=2), on top of the duplicates any sender without receiver-side deduplication has at cuts 2 and 3.',
  },
  {
    protocol: 'lease-side-store',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 2, intentions: 1, crashDepth: 0, kind: 'duplicate', crashes: 0 },
    story:
      'Deduplication by a lease and a done-marker in a side store next to the effect, each in its own transaction, instead of a receipt committed with it. A request whose lease expires mid-call (its worker is slow, another takes the lease) or that crashes between the effect and the done-marker is applied again (N=2).',
  },
  {
    protocol: 'retry-definitive-refusals',
    classicRow: [0, 0, 0, 0, null],
    finds: { workers: 1, intentions: 1, crashDepth: 0, kind: 'stuck', crashes: 0 },
    intention: { tenant: BLOCKED_TENANT, key: 'reserve42', params: { part: 'spare-part-7', qty: 1 } },
    story:
      'The warehouse refuses a tenant it does not serve, for good, and the relay takes every refusal for a transient one: it asks again after each retry delay until the round bound stops it, and the intention stays pending. N=0 wherever a crash is placed, as for the correct sender, and its row only shows that it never reaches `confirmed`: the local status (pending, not failed with its reason) and the refusals spent are the bug, without any crash.',
  },
  {
    protocol: 'last-writer-wins',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 1, intentions: 3, crashDepth: 1, kind: 'order', crashes: 1 },
    workload: objectUpdates,
    story:
      "Reserve, change the quantity, cancel: three updates to one reservation, each its own intention and key, sent without their place in the caller's order, and a warehouse that applies whatever arrives last. Each update is applied exactly once (N=1 at every classic cut: receipts still deduplicate), and one crash right after the relay claimed the change, before it was sent, leaves its lease held: recovery sends the cancel first, then the change when the lease ends, and the cancelled reservation is reserved again. The correct outbox numbers each object's updates when it records them, and the warehouse refuses an update that arrives before its predecessor (out-of-order, asked again without a cap).",
  },
  {
    protocol: 'resend-whole-new-key',
    classicRow: [4, 4, 2, 2, 4],
    finds: { workers: 1, intentions: 1, crashDepth: 0, kind: 'duplicate', crashes: 0 },
    intention: TWO_LINES,
    story:
      "One request of two lines: a part in stock and a backordered one. The warehouse applies the first and refuses the second for now, and the relay sends the whole request again, both lines, under keys new to the attempt: the first line is applied again on every retry until the restock (N=4 without any crash; N=2 where a crash at the effect or the reply restarts the retries later). N is the most-applied line's count.",
  },
  {
    protocol: 'partial-is-done',
    classicRow: [1, 1, 1, 1, 1],
    finds: { workers: 1, intentions: 1, crashDepth: 0, kind: 'lost', crashes: 0 },
    intention: TWO_LINES,
    story:
      "The same two lines: the first applied, the second refused for now. The relay takes the partial reply for the end of the request and marks it done: the backordered line is never asked again and no local refusal says so (silently dropped, without any crash). N=1 everywhere, since N is the most-applied line's count: the dropped line shows in the local lines (still pending under a done intention) and in exploration.",
  },
];
