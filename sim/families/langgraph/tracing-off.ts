/**
 * LangSmith tracing sends every run to a server when the environment turns it
 * on. A case runs offline whatever the user's shell says: tracing is turned
 * off in this process before any graph runs.
 */
export function tracingOff(): void {
  process.env.LANGCHAIN_TRACING_V2 = 'false';
  process.env.LANGSMITH_TRACING = 'false';
  process.env.LANGCHAIN_TRACING = 'false';
  process.env.LANGSMITH_TRACING_V2 = 'false';
}
