import { rulesEngine } from '../decide.js';
import { AGE_AT_RISK_RULE, DANGER_SIGN_RULE, LONG_DURATION_RULE, SHORT_DURATION_RULE } from '../triage-rules.js';

/**
 * The negative control for precedence: the same rules with age checked
 * before danger signs. A toddler or an older person with chest pain is sent
 * to a nurse "today" instead of to the urgent path.
 */
export const decideAgeBeforeDanger = rulesEngine([AGE_AT_RISK_RULE, DANGER_SIGN_RULE, LONG_DURATION_RULE, SHORT_DURATION_RULE]);
