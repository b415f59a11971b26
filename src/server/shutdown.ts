import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/** What a host may take to stop after SIGTERM before it exits anyway (orchestrators kill at 10 s or later). */
export const SHUTDOWN_GRACE_MS = 9_000;

/**
 * SIGTERM or SIGINT: stop accepting (app.close closes the listening socket; a new request on a kept-alive
 * connection gets a 503), finish the requests in flight and this host's claimed jobs (a job claimed meanwhile is
 * released), close the LISTEN connection (an onClose hook) and the database, and exit 0. Whatever still runs after
 * `graceMs` is cut: the process logs it and exits 1 within 10 s; another host takes the jobs once their lease ends.
 * Call before listen (it adds a hook).
 */
export const installGracefulShutdown = (
  app: FastifyInstance,
  database: Database,
  graceMs = SHUTDOWN_GRACE_MS,
): void => {
  let closing = false;
  // Answers given while draining close their connection: a kept-alive connection would otherwise hold the server
  // open until its keep-alive timeout, and the client's next request belongs on another host.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(`shutdown took longer than ${graceMs} ms: exiting`);
      process.exit(1);
    }, graceMs);
    deadline.unref();
    try {
      await Promise.all([app.jobs.stop(), app.wallet.worker.stop(), app.close()]);
      await database.close();
      app.log.info({ signal, ms: Math.round(performance.now() - started) }, 'shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};
