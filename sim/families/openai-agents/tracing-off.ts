import { setTracingDisabled } from '@openai/agents-core';

/**
 * The SDK sends traces to OpenAI when an exporter is registered (the
 * `@openai/agents` package registers one) and tracing is on. A case runs
 * offline whatever the user's setup: tracing is turned off in this process
 * before any agent runs, and every run is started with `tracingDisabled`.
 */
export function tracingOff(): void {
  setTracingDisabled(true);
}
