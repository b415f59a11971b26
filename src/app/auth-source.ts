import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import type { AuthSource } from '../services/http';

/**
 * The one place the token and the user live at run time is the session actor's context (the auth store only
 * persists it for the next visit): the HTTP client reads both from here at each call.
 */
export const sessionAuthSource = (session: ActorRefFrom<SessionMachine>): AuthSource => ({
  token: () => session.getSnapshot().context.auth?.token,
  userId: () => session.getSnapshot().context.auth?.user.id,
});
