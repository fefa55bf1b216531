import { resolve } from 'node:path';
import type { EvalRequest, EvalOutcome, PreparedEvaluation } from '../../family-entry.js';
import { DEFAULT_GRAPH } from '../graph.js';
import { readGraphFile } from '../graph-file.js';
import { loadPolicyModuleChecked } from '../policy-module.js';
import { addMiss, readMiss } from './add-miss.js';
import { writeEvalReport } from './eval-report.js';
import { confusionTable, metricsLines, scenarioLines } from './eval-text.js';
import { evaluate } from './evaluate.js';
import { brokenThresholds } from './metrics.js';
import type { EvalSubject } from './run-eval.js';
import { parseSuite } from './suite.js';

/**
 * `sim eval handover`: handover as a decision, evaluated like a classifier
 * over a labelled suite. Reads and checks the suite, the policy, the graph
 * and a miss to add before anything runs (a problem is one InputError).
 */
export async function prepareEvaluation(request: EvalRequest, cwd: string): Promise<PreparedEvaluation> {
  const suite = parseSuite(request.suiteText, request.suiteName);
  const subject: EvalSubject = { policy: { kind: 'reference' }, graph: DEFAULT_GRAPH };
  const policy = typeof request.inputs['policy'] === 'string' ? request.inputs['policy'] : undefined;
  const graph = typeof request.inputs['graph'] === 'string' ? request.inputs['graph'] : undefined;
  const callTimeoutMs = typeof request.inputs['modelTimeoutMs'] === 'number' ? request.inputs['modelTimeoutMs'] : undefined;
  if (policy) {
    await loadPolicyModuleChecked(policy, cwd);
    subject.policy = { kind: 'module', path: resolve(cwd, policy), ...(callTimeoutMs === undefined ? {} : { callTimeoutMs }) };
  }
  if (graph) subject.graph = readGraphFile(graph, cwd);
  const miss = request.addMiss === undefined ? undefined : readMiss(request.addMiss);
  return {
    async run(scratch: string): Promise<EvalOutcome> {
      const { suitePath } = request;
      const note = miss && suitePath ? await addMiss(suitePath, miss, subject, scratch) : undefined;
      const current = note?.startsWith('added') && suitePath ? parseSuite(request.rereadSuite(), request.suiteName) : suite;
      const { results, metrics } = await evaluate(current, subject, scratch);
      const broken = brokenThresholds(metrics, current.thresholds);
      return {
        passed: broken.length === 0,
        document: { metrics, broken, results: results.map(({ verdict, run }) => ({ verdict, ...run })), note: note ?? null },
        text: [
          ...(note ? [note] : []),
          `${[...metricsLines(metrics), '', confusionTable(metrics), '', ...scenarioLines(results), ''].join('\n')}`,
          broken.length === 0 ? 'thresholds: met (or none given)' : `thresholds broken: ${broken.join('; ')}`,
        ],
        writeReport: async (folder) => {
          await writeEvalReport(folder, results, metrics, broken);
          return 'report.md, eval.json, verdicts.png';
        },
      };
    },
  };
}
