import type { Intention } from '../../protocols/reservation/types.js';
import { doneWith, plantedRun } from './planted-run.js';

/*
 * The intentions the reservation checks' planted runs are made of: two
 * intentions of one tenant, one key reused with other params, and one key
 * under another tenant.
 */
export const A: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 1 } };
export const B: Intention = { tenant: 'tenantA', key: 'k2', params: { part: 'p1', qty: 1 } };
/** A's key reused with other params: the same (tenant, key), a different intention. */
export const A2: Intention = { tenant: 'tenantA', key: 'k1', params: { part: 'p1', qty: 2 } };
/** A's key under another tenant: a different intention altogether. */
export const OTHER_TENANT: Intention = { tenant: 'tenantB', key: 'k1', params: { part: 'p1', qty: 1 } };

export const both = { intentions: [A, B] };
/** Both intentions done, each with its one effect (reservations 1 and 2). */
export const bothDone = () =>
  plantedRun({
    locals: [
      { intention: A, status: 'done', result: doneWith(1) },
      { intention: B, status: 'done', result: doneWith(2) },
    ],
    effects: [{ intention: A }, { intention: B }],
  });
