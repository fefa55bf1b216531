import { harnessProtocol } from './harness.js';

/**
 * The flaw: the transfer count lives in the process's memory. Within one
 * life the cap holds; a restart forgets the count, so two agents that
 * ping-pong across restarts pass the cap.
 */
export const countInMemory = harnessProtocol({
  name: 'count-in-memory',
  summary: 'the transfer count is kept in memory: a restart resets it, and ping-pong passes the cap',
  seams: {
    transferCount: {
      read: (ctx, conversation) => (ctx.memory.get(`transfers:${conversation.id}`) as number | undefined) ?? 0,
      add: (ctx, _db, conversation) => {
        ctx.memory.set(`transfers:${conversation.id}`, ((ctx.memory.get(`transfers:${conversation.id}`) as number | undefined) ?? 0) + 1);
      },
    },
  },
});
