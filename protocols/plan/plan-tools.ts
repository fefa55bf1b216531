import { nearestName } from '../../sim/engine/nearest-name.js';
import { RESULTS_GATE } from '../../sim/families/plan/gates.js';
import type { Plan } from './plan.js';

/** The tool server's own tools: a write (the effect N counts) and a command (what a gate runs). */
export const SERVER_TOOLS = ['write_file', 'run_command'] as const;

/** The read tools the tool server knows without being told: seed 000's. A plan names its others in `read_tools`. */
export const KNOWN_READ_TOOLS = ['search_components', 'verify'] as const;

/** Every tool the tool server knows without a plan's own read_tools: what a plan may call, and what `sim serve --mcp` lists. */
export const TOOL_SERVER_TOOLS = [...SERVER_TOOLS, ...KNOWN_READ_TOOLS] as const;

/**
 * What is wrong with the tools a plan names, as `where: problem` in one line,
 * or undefined. A step without files calls its action as a tool, and the tool
 * server answers any name it has no rule for as a read: so a misspelt write
 * ("write_fil") would pass as a read and the plan would not be tested as
 * written. Only the server's tools, the known reads and the plan's own
 * declared `read_tools` may be called. And the gate `results > 0` counts a
 * read's results: on a step that writes or runs a command it could never
 * pass, and every case would end `step-failed` for a reason the table does not say.
 */
export function planToolProblem(plan: Plan): string | undefined {
  for (const [index, tool] of (plan.read_tools ?? []).entries()) {
    if ((SERVER_TOOLS as readonly string[]).includes(tool))
      return `/read_tools/${index} '${tool}' is one of the tool server's own tools, not a read tool`;
  }
  const known = [...TOOL_SERVER_TOOLS, ...(plan.read_tools ?? [])];
  for (const [index, step] of plan.steps.entries()) {
    const writes = (step.files ?? []).length > 0;
    if (RESULTS_GATE.test(step.gate) && (writes || (SERVER_TOOLS as readonly string[]).includes(step.action)))
      return (
        `/steps/${index}/gate '${step.gate}' counts a read tool's results, and this step ${writes ? 'writes its files' : `calls ${step.action}`}, ` +
        `which answers none: it could never pass; give it a command gate (as 'npm run build')`
      );
    if (writes || known.includes(step.action)) continue;
    const near = nearestName(step.action, known);
    return (
      `/steps/${index}/action '${step.action}' is no tool the tool server knows (${known.join(', ')})` +
      (near === undefined ? '' : `; did you mean '${near}'?`) +
      `; a step without files calls its action as a tool: give a writing step its files, or declare a read tool of yours in "read_tools"`
    );
  }
  return undefined;
}
