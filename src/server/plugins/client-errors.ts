import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DomainMessageId } from '../../domain/messages';
import { failure } from '../envelope';

type ConnectionError = Error & { code?: string };

/** A request Node's HTTP parser refused, before Fastify saw it: its status and message. */
const answerOf = (code: string | undefined): { status: number; messageId: DomainMessageId } => {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, messageId: 'request.tooLarge' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, messageId: 'request.invalid' };
  return { status: 400, messageId: 'request.invalid' };
};

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused (headers or URL past Node's limit, bad syntax,
 * a timeout) gets the envelope like every other answer, and `Connection: close` because the connection is closed
 * after it (the parser cannot find where the next request would start).
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, messageId } = answerOf(error.code);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(failure(status, messageId));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
