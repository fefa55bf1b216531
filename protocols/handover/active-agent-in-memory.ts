import { harnessProtocol } from './harness.js';

/**
 * The flaw: which agent is active lives in the process's memory. After a
 * restart every message goes back through the entry agent (the router),
 * which asks the user again what they want.
 */
export const activeAgentInMemory = harnessProtocol({
  name: 'active-agent-in-memory',
  summary: 'the active agent is kept in memory: after a restart the next message goes back through the router',
  seams: {
    activeAgent: {
      read: (ctx, conversation) => (ctx.memory.get(`active:${conversation.id}`) as string | undefined) ?? ctx.graph.entry,
      write: (ctx, _db, conversation, agent) => {
        ctx.memory.set(`active:${conversation.id}`, agent);
      },
    },
  },
});
