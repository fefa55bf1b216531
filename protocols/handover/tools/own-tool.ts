import type { SandboxedTool } from './sandboxed-tool.js';
import type { ToolDeclaration } from './tool-declaration.js';

/** A declared tool as the sandbox runs it; `acts` says whether (and under which contract) it then reaches the tool server. */
export interface OwnTool extends SandboxedTool {
  acts: string | undefined;
}

/** The sandbox's form of a declaration: it spends its latency, then answers (or hands its arguments on to the tool server). */
export function ownTool(name: string, declaration: ToolDeclaration): OwnTool {
  return {
    spec: { name, description: declaration.description, parameters: declaration.parameters },
    allowedHosts: [],
    timeMaxMs: declaration.timeMaxMs,
    outputCharsMax: declaration.outputCharsMax,
    irreversible: false,
    acts: declaration.acts,
    execute(_args, env) {
      env.spendMs(declaration.latencyMs ?? 0);
      return declaration.output ?? 'done';
    },
  };
}
