import { harnessProtocol } from '../harness.js';

/**
 * An example of your own harness for `sim eval handover --protocol` (and
 * `sim table --family handover --protocol`): the reference with no checks
 * before the model, so a request for a person reaches the model, and only
 * the model decides whether a person takes over. The evaluation shows what
 * that costs: the requests the model does not recognise are missed. Rules of
 * a --rules file still run before the model: they are the run's, not the
 * harness's seams.
 */
export const protocol = harnessProtocol({
  name: 'my-unguarded-harness',
  summary: 'the reference harness without its input checks',
  seams: { inputChecks: [] },
});
