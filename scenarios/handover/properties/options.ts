import type { SuiteOption } from '../../../sim/check/suite.js';
import { MODEL_TIMEOUT_HELP } from '../../../sim/families/handover/model-call-timeout.js';

/** The handover suite's own options: known without loading the suite, so that `sim check` declares them before it parses. */
export const HANDOVER_CHECK_OPTIONS: readonly SuiteOption[] = [
  {
    flags: '--policy <file>',
    description: 'handover family: check the harness around your own model instead of the generated adversary',
  },
  { flags: '--graph <file>', description: 'handover family: check with your own handover graph (JSON)' },
  { flags: '--model-timeout-ms <ms>', description: `handover family: ${MODEL_TIMEOUT_HELP}` },
];
