import { harnessProtocol } from './harness.js';

/**
 * The flaw: the user is told a person will answer before the ticket exists.
 * Until the ticket is durable (and forever, if the process dies and never
 * comes back) the user has a promise no person knows about.
 */
export const notifyBeforeTicket = harnessProtocol({
  name: 'notify-before-ticket',
  summary: 'the notice goes out before the ticket is enqueued: a user promised a person who has no ticket yet',
  seams: { handoverOrder: ['notice', 'ticket'] },
});
