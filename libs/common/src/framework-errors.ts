import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The product's words for Fastify's and Node's own client errors, which never echo the request
 * back (Fastify's repeat the URL or the parser's complaint).
 */
export function clientErrorMessage(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL: it holds invalid percent-encoding';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'URL is too long';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request took too long to arrive';
    case 'HPE_HEADER_OVERFLOW':
      return 'Request headers are too large';
    default:
      return error.message ?? 'Bad request';
  }
}

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed URL (400) or an over-long route
 * parameter (414) before any hook, route or Nest filter runs, in a shape of its own. Answered
 * here as every other error is, `{"message"}` (DESIGN.md §2.3).
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  void reply
    .status(error.statusCode ?? 400)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ message: clientErrorMessage(error) });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request itself (a bad
 * Content-Length, headers too large, a request that never finished). There is no request to
 * answer through Fastify, so the answer is written to the socket, in the product's shape, and
 * the connection closed.
 */
export function answerUnparsableRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message = status === 400 ? 'Malformed HTTP request' : clientErrorMessage(error);
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Answers a framework error once `answer` is called: the api passes its security headers first. */
export type FrameworkErrorWrapper = (request: FastifyRequest, reply: FastifyReply, answer: () => void) => void;

/**
 * The Fastify options that answer the router's and Node's parser's own refusals in the
 * product's shape, for every server of the product (api, tracker).
 */
export function clientErrorOptions(wrap: FrameworkErrorWrapper = (_request, _reply, answer) => answer()) {
  return {
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      wrap(request, reply, () => answerFrameworkError(error, reply)),
    clientErrorHandler: answerUnparsableRequest,
  };
}
