import type { CheckResults, StoredProperty } from '../results/check-results.js';
import { mergeChunks } from './merge-chunks.js';
import { combinedVerdict } from '../engine/verdict.js';
import { propertyVerdict } from '../results/property-result.js';

/**
 * The one results document that n shards' documents (`sim check --shard i/n
 * --format json`, or their results.json) make together: each property's
 * chunks from every shard, merged as a single runner merges its own (up to
 * the first chunk that failed, its counterexample and replay line kept).
 * Properties come in the order the shards first name them. It equals the
 * unsharded run's document in every verdict field; timings, run ids and the
 * folders of kept runs are those of the shards.
 */
export function unionOfShards(documents: readonly CheckResults[]): CheckResults {
  const [first] = documents;
  if (!first) throw new Error('unionOfShards: no shard documents');
  const count = first.shard?.count;
  const seen = new Set(documents.map((document) => document.shard?.index));
  if (count === undefined || seen.size !== documents.length || seen.size !== count)
    throw new Error(`unionOfShards: expected the documents of shards 1..${count ?? 'n'}, once each`);
  for (const document of documents)
    if (document.seed !== first.seed || document.runs !== first.runs || document.family !== first.family)
      throw new Error('unionOfShards: the shards ran different checks (family, seed or runs differ)');
  const parts = new Map<string, StoredProperty[]>();
  for (const document of documents)
    for (const property of document.properties) parts.set(property.name, [...(parts.get(property.name) ?? []), property]);
  const properties = [...parts.values()].map((shares) => mergeChunks(shares, first.seed));
  const whole: CheckResults = { ...first };
  delete whole.shard;
  return { ...whole, properties, verdict: combinedVerdict(properties.map((property) => propertyVerdict(property.outcome))) };
}
