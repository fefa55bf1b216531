import type { ValidateFunction } from 'ajv';
import type { Connection } from '../../../sim/engine/connections.js';
import { schemaErrorText, sharedAjv } from '../../../sim/engine/lazy-validator.js';
import type { Validated } from '../types.js';
import type { SandboxedTool } from './sandboxed-tool.js';
import { HOST_LATENCY_MS, SIMULATED_HOSTS } from './simulated-hosts.js';
import { secretFor } from './vault.js';

/** A call the sandbox stopped: its writes are undone and the model is told why. */
class ToolRefused extends Error {}

const VALIDATORS = new WeakMap<SandboxedTool, ValidateFunction>();

function validatorOf(tool: SandboxedTool): ValidateFunction {
  let validate = VALIDATORS.get(tool);
  if (!validate) {
    validate = sharedAjv().compile(tool.spec.parameters);
    VALIDATORS.set(tool, validate);
  }
  return validate;
}

/** The arguments against the tool's own schema, by ajv: the arguments, or the error the model gets back. */
export function validateToolArguments(tool: SandboxedTool, args: unknown): Validated<Record<string, unknown>> {
  const validate = validatorOf(tool);
  return validate(args)
    ? { ok: true, value: args as Record<string, unknown> }
    : { ok: false, error: `${tool.spec.name}: ${schemaErrorText(validate.errors, 'arguments')}` };
}

/**
 * Tool output enters the model's context as data: delimited, with anything
 * that could close the delimiter escaped, so text in it stays inside it.
 */
export function asToolData(tool: string, text: string): string {
  const escaped = text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return `<tool-output tool="${tool}">${escaped}</tool-output>`;
}

export function truncated(text: string, charsMax: number): string {
  return text.length <= charsMax ? text : `${text.slice(0, charsMax)}…[truncated ${text.length - charsMax} chars]`;
}

/**
 * Runs one validated call of a tool, inside the harness's transaction and a
 * savepoint of its own: the credential injected for this call only, hosts
 * outside the tool's list refused, virtual time past timeMaxMs abandoned (a
 * refused or abandoned call leaves no write behind), output cut to
 * outputCharsMax and delimited as data.
 */
export function runSandboxed(
  db: Connection,
  tool: SandboxedTool,
  args: Record<string, unknown>,
  scope: { conversationId: string; tenant: string },
): Validated<string> {
  let spentMs = 0;
  const credential = tool.credentialScope === undefined ? undefined : secretFor(tool.credentialScope, scope.tenant);
  const spendMs = (ms: number) => {
    spentMs += ms;
    if (spentMs > tool.timeMaxMs) throw new ToolRefused(`${tool.spec.name}: abandoned after ${tool.timeMaxMs} ms (virtual)`);
  };
  const env = {
    db,
    ...scope,
    credential,
    spendMs,
    reach(host: string, path: string): string {
      const answer = SIMULATED_HOSTS[host];
      if (!tool.allowedHosts.includes(host) || answer === undefined)
        throw new ToolRefused(`${tool.spec.name}: host ${host} is not allowed for this tool`);
      spendMs(HOST_LATENCY_MS);
      return answer(path, credential, scope.tenant);
    },
  };
  try {
    const output = db.transaction(() => tool.execute(args, env))();
    return { ok: true, value: asToolData(tool.spec.name, truncated(output, tool.outputCharsMax)) };
  } catch (error) {
    if (error instanceof ToolRefused) return { ok: false, error: error.message };
    // A tool's own failure is the model's to hear about, not the harness's crash.
    return { ok: false, error: `${tool.spec.name} failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
