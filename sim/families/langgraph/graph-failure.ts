/**
 * What a user's graph did wrong, told in one sentence for the case's error:
 * LangGraph's own errors carry a troubleshooting paragraph, and zod's a JSON
 * list of issues, neither of which fits a table cell.
 */
export function graphFailure(error: unknown, invocation: 'start' | 'continue' | 'resume', recursionLimit: number): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (error.name === 'GraphRecursionError')
    return new Error(`the graph ran past its recursion limit of ${recursionLimit} supersteps without reaching END (GraphRecursionError): it loops`);
  const issues = (error as { issues?: unknown }).issues;
  if (Array.isArray(issues) && invocation === 'start') {
    const first = issues[0] as { path?: unknown[]; message?: string } | undefined;
    const where = first?.path?.length ? first.path.join('.') : 'the input';
    return new Error(`the graph's state schema rejects the module's input: ${where}: ${first?.message ?? 'invalid'}`);
  }
  return new Error(error.message.split('\n')[0] ?? error.name);
}

/** The checkpointer a compiled graph saves to, as LangGraph keeps it on the graph. */
export function checkpointerOf(graph: unknown): unknown {
  return (graph as { checkpointer?: unknown }).checkpointer;
}

/** The one sentence for a graph compiled with a checkpointer other than the one cutpoint gave it. */
export function otherCheckpointer(graph: unknown): string | undefined {
  const saver = checkpointerOf(graph);
  const kind = saver === undefined || saver === false ? 'no checkpointer' : `another checkpointer (${(saver as object).constructor.name})`;
  return `the graph is compiled with ${kind}: compile it with the checkpointer graph() is given, .compile({ checkpointer }), which saves the thread where cutpoint cuts and resumes it`;
}
