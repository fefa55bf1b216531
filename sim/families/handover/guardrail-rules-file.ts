import { existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { INPUT_CHECKS } from '../../../protocols/handover/guardrails/input-checks.js';
import { OUTPUT_CHECKS } from '../../../protocols/handover/guardrails/output-checks.js';
import {
  RULE_ACTIONS,
  RULE_LAYERS,
  type GuardrailRule,
  type GuardrailRules,
  type RuleLayer,
} from '../../../protocols/handover/guardrails/rules.js';
import { InputError } from '../../engine/input-error.js';
import { lazyValidator } from '../../engine/lazy-validator.js';
import { importModule, MODULE_EXTENSIONS } from '../../engine/protocol-file.js';
import { fsReason } from '../../results/fs-reason.js';
import { readTextFile } from '../../results/read-text-file.js';

const NAME = '^[a-z0-9][a-z0-9-]{0,63}$';
/** The harness's own check names: a rule named like one would be counted as it, so none may be. */
export const BUILT_IN_CHECK_NAMES: ReadonlySet<string> = new Set([
  ...INPUT_CHECKS.map((check) => check.name),
  ...OUTPUT_CHECKS.map((check) => check.name),
  'classifier',
  'cost-budget',
  'latency-budget',
  'model-down',
  'model-timeout',
  'step-limit',
  'transfer-limit',
]);

/** A rule as a JSON file states it: phrases (matched anywhere, in any case) or a regular expression (case-insensitive). */
interface JsonRule {
  name: string;
  phrases?: string[];
  pattern?: string;
  action?: GuardrailRule['action'];
  reply?: string;
}

const RULE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: NAME },
    phrases: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    pattern: { type: 'string', minLength: 1 },
    action: { enum: RULE_ACTIONS },
    reply: { type: 'string', minLength: 1 },
  },
  required: ['name'],
  oneOf: [{ required: ['phrases'] }, { required: ['pattern'] }],
  additionalProperties: false,
} as const;
const FILE_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries(RULE_LAYERS.map((layer) => [layer, { type: 'array', items: RULE_SCHEMA }])),
  additionalProperties: false,
} as const;
const fileShape = lazyValidator<Partial<Record<RuleLayer, JsonRule[]>>>(FILE_SCHEMA);

function ruleOfJson(rule: JsonRule, where: string): GuardrailRule {
  const { name, phrases, pattern, action, reply } = rule;
  const own = { name, ...(action === undefined ? {} : { action }), ...(reply === undefined ? {} : { reply }) };
  if (phrases !== undefined) {
    const lower = phrases.map((phrase) => phrase.toLowerCase());
    return {
      ...own,
      check: (text) => {
        const phrase = lower.find((candidate) => text.toLowerCase().includes(candidate));
        return phrase === undefined ? undefined : `matched "${phrase}"`;
      },
    };
  }
  let regex: RegExp;
  try {
    regex = new RegExp(pattern ?? '', 'i');
  } catch (error) {
    throw new InputError(`${where}: pattern is no regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  return {
    ...own,
    check: (text) => {
      const match = regex.exec(text)?.[0];
      return match === undefined ? undefined : `matched /${regex.source}/: "${match}"`;
    },
  };
}

function rulesOfJson(path: string, text: string): GuardrailRules {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`--rules ${path}: not JSON`);
  }
  if (!fileShape.validate(json)) {
    const error = fileShape.firstError();
    const problem = error?.keyword === 'oneOf' ? 'a rule has phrases or a pattern, not both' : `${error?.instancePath || 'the file'} ${error?.message}`;
    throw new InputError(`--rules ${path}: ${problem} (layers: ${RULE_LAYERS.join(', ')})`);
  }
  const rules = Object.fromEntries(
    RULE_LAYERS.map((layer) => [layer, (json[layer] ?? []).map((rule, n) => ruleOfJson(rule, `--rules ${path} /${layer}/${n}`))]),
  ) as unknown as GuardrailRules;
  return checkedRules(rules, path);
}

/** A module's rules: `before`, `around` and `after` exports (or the same keys on its default export), each an array of rules. */
function rulesOfModule(exports: Record<string, unknown>, path: string): GuardrailRules {
  const source = (typeof exports.default === 'object' && exports.default !== null ? exports.default : exports) as Record<string, unknown>;
  const rules: Record<RuleLayer, GuardrailRule[]> = { before: [], around: [], after: [] };
  for (const layer of RULE_LAYERS) {
    const given = source[layer];
    if (given === undefined) continue;
    if (!Array.isArray(given)) throw new InputError(`--rules ${path}: ${layer} must be an array of rules`);
    given.forEach((rule: unknown, n) => {
      const candidate = rule as Partial<GuardrailRule> | null;
      if (typeof candidate?.name !== 'string' || !new RegExp(NAME).test(candidate.name) || typeof candidate.check !== 'function')
        throw new InputError(`--rules ${path}: ${layer}[${n}] must have a name (lower-case letters, digits, dashes) and check(text)`);
      if (candidate.action !== undefined && !(RULE_ACTIONS as readonly unknown[]).includes(candidate.action))
        throw new InputError(`--rules ${path}: ${layer}[${n}].action must be one of ${RULE_ACTIONS.join(', ')}`);
      rules[layer].push(candidate as GuardrailRule);
    });
  }
  if (RULE_LAYERS.every((layer) => source[layer] === undefined))
    throw new InputError(`--rules ${path} exports no rules: export before, around and/or after, each an array of rules`);
  return checkedRules(rules, path);
}

function checkedRules(rules: GuardrailRules, path: string): GuardrailRules {
  for (const layer of RULE_LAYERS) {
    const names = new Set<string>();
    for (const { name } of rules[layer]) {
      if (BUILT_IN_CHECK_NAMES.has(name)) throw new InputError(`--rules ${path}: '${name}' (${layer}) is a built-in check's name; choose another`);
      if (names.has(name)) throw new InputError(`--rules ${path}: '${name}' appears twice in ${layer}`);
      names.add(name);
    }
  }
  return rules;
}

/**
 * Reads a user's guardrail rules for the layers before, around and after the
 * model: a JSON file of phrases and regular expressions, or a module
 * (.ts, .mts, .js, .mjs) of checks. Every problem is one InputError sentence.
 * A module is first imported once in a thread of its own (trial-load.ts), so
 * a top level that loops or exits is one sentence: for a command's own first
 * read, before any case runs.
 */
export async function readGuardrailRules(path: string, cwd: string): Promise<GuardrailRules> {
  const absolute = resolve(cwd, path);
  if (MODULE_EXTENSIONS.includes(extname(absolute)) && existsSync(absolute))
    await (await import('../../process/trial-load.js')).trialLoad(absolute, path, 'rules');
  return loadGuardrailRules(absolute, path);
}

/** The same without the trial import, as each process life reads the rules its workload names (`absolute`), told by `shownAs`. */
export async function loadGuardrailRules(absolute: string, shownAs = absolute): Promise<GuardrailRules> {
  if (MODULE_EXTENSIONS.includes(extname(absolute)))
    return rulesOfModule(await importModule(absolute, { kind: 'rules', shownAs }), shownAs);
  let text: string;
  try {
    text = readTextFile(absolute);
  } catch (error) {
    throw new InputError(`--rules ${shownAs}: ${fsReason(error)}`);
  }
  return rulesOfJson(shownAs, text);
}
