/**
 * Stopping the server on a signal: it stops accepting connections, answers what is in flight, saves
 * its state (the `onClose` hooks) and is done. A request still in flight after the grace period (a
 * client sending its body slowly: once the server stops listening, Node no longer times requests
 * out) loses its connection, so a stop always ends.
 */
import type { FastifyInstance } from 'fastify';

/** How long requests in flight have to end after a stop signal. */
export const SHUTDOWN_GRACE_MS = 5_000;

/** Closes the server; connections still open after `graceMs` are closed. Resolves when it is closed. */
export async function shutDown(app: FastifyInstance, graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
  const force = setTimeout(() => app.server.closeAllConnections(), graceMs);
  force.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}
