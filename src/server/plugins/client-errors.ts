import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DomainMessageId } from '../../domain/messages';
import { failure } from '../envelope';

/** How long a refused connection may stay open after its answer, waiting for the client to close it. */
const CLOSE_AFTER_MS = 1_000;

/** What Node's HTTP parser refused before Fastify saw a request: its status and message. */
const refusalOf = (error: NodeJS.ErrnoException): { status: number; messageId: DomainMessageId } => {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, messageId: 'request.headersTooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, messageId: 'request.timeout' };
  return { status: 400, messageId: 'request.invalid' };
};

/**
 * A request Node's parser could not read (a URL or headers past its limit, bytes that are not HTTP, a timeout):
 * answered with the envelope and `Connection: close`, then the connection is closed (the rest of what the client
 * sent cannot be read as a request). Fastify's own handler answers its own JSON body and drops the connection.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, messageId } = refusalOf(error);
  this.log.debug({ err: { code: error.code, message: error.message } }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(failure(status, messageId));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
    // end() lets the answer reach the client before the close (destroy() at once may reset it unread); a client
    // that never closes its side is cut off after a second.
    const linger = setTimeout(() => socket.destroy(), CLOSE_AFTER_MS);
    linger.unref();
    socket.once('close', () => clearTimeout(linger));
  } else {
    socket.destroy(error);
  }
}
