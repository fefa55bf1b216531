import { orderingCost } from './sweeps/ordering-cost.js';
import { performance } from 'node:perf_hooks';
for (const workers of [1, 2, 4]) for (const protocol of ['outbox-dedup', 'last-writer-wins']) {
  const t = performance.now();
  const c = await orderingCost(protocol, workers, 200, 1);
  console.log(JSON.stringify(c), Math.round(performance.now() - t));
}
