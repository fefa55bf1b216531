import { join } from 'node:path';
import { openSqlite } from '../engine/connections.js';
import { LOCAL_SCHEMA } from '../../protocols/local-schema.js';
import { WAREHOUSE_SCHEMA } from '../../protocols/warehouse/schema.js';

/**
 * The floor for one case: the same SQLite work an outbox-dedup case crashed
 * at effect-applied does (two fresh WAL files, the schema, the attempt's
 * commits, new connections, the recovery's commits, the count), written out
 * bare with no harness at all. Comparing a real case to this measures our
 * overhead.
 */
export function bareOutboxDedupCase(folder: string): number {
  const orchestratorPath = join(folder, 'orchestrator.db');
  const warehousePath = join(folder, 'warehouse.db');
  for (const [path, schema] of [
    [orchestratorPath, LOCAL_SCHEMA],
    [warehousePath, WAREHOUSE_SCHEMA],
  ] as const) {
    const db = openSqlite(path);
    db.exec(schema);
    db.close();
  }

  let orchestrator = openSqlite(orchestratorPath);
  let warehouse = openSqlite(warehousePath);
  orchestrator.transaction(() => {
    orchestrator.prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ?').get('tenantA', 'reserve42');
    orchestrator.prepare(`INSERT INTO intentions (tenant, key, part, qty, status, issued_at_ms) VALUES ('tenantA', 'reserve42', 'p', 1, 'pending', 0)`).run();
    orchestrator.prepare(`INSERT INTO outbox (tenant, key, status) VALUES ('tenantA', 'reserve42', 'pending')`).run();
  }).immediate();
  const claim = () =>
    orchestrator.transaction(() => {
      orchestrator.prepare(`SELECT id FROM outbox WHERE status = 'pending' LIMIT 1`).get();
      orchestrator.prepare('UPDATE outbox SET lease_owner = ?, lease_until_ms = ?, attempts = attempts + 1 WHERE id = 1').run('relay-1', 30_000);
    }).immediate();
  const reserve = () =>
    warehouse.transaction(() => {
      const receipt = warehouse.prepare('SELECT result FROM receipts WHERE tenant = ? AND request_key = ?').get('tenantA', 'reserve42');
      if (receipt) return;
      warehouse.prepare(`INSERT INTO reservations (tenant, request_key, part, qty, intention_id, applied_at_ms) VALUES ('tenantA', 'reserve42', 'p', 1, 'tenantA:reserve42', 0)`).run();
      warehouse.prepare(`INSERT INTO receipts (tenant, request_key, fingerprint, result, created_at_ms) VALUES ('tenantA', 'reserve42', 'f', '{}', 0)`).run();
    }).immediate();
  claim();
  reserve();
  orchestrator.close();
  warehouse.close();

  orchestrator = openSqlite(orchestratorPath);
  warehouse = openSqlite(warehousePath);
  orchestrator.transaction(() => {
    orchestrator.prepare('SELECT 1 FROM intentions WHERE tenant = ? AND key = ?').get('tenantA', 'reserve42');
  }).immediate();
  claim();
  reserve();
  orchestrator.transaction(() => {
    orchestrator.prepare(`UPDATE intentions SET status = 'done' WHERE tenant = 'tenantA'`).run();
    orchestrator.prepare(`UPDATE outbox SET status = 'sent' WHERE id = 1`).run();
  }).immediate();
  orchestrator.close();
  warehouse.close();

  const checker = openSqlite(warehousePath);
  const n = (checker.prepare('SELECT count(*) AS n FROM reservations').get() as { n: number }).n;
  checker.close();
  return n;
}
