import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Deepest JSON nesting a request may carry. The api's deepest real body (a video form's
 * tracks with their artists) is 5 levels; recursive code further in (class-transformer,
 * validators) overflows the stack a few thousand levels down.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Why a request's text cannot be used, or null. Postgres refuses U+0000 in text (it would
 * surface as a 500 from whichever query first meets it), so it is refused here, once, for every
 * string and key; nesting is bounded for the reason above. Iterative, so a hostile body cannot
 * overflow the stack of the check itself.
 */
export function requestTextProblem(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: where, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return nulMessage(item.path);
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null || Buffer.isBuffer(item.value)) continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return `The JSON is nested too deeply (more than ${maxDepth} levels)`;
    if (Array.isArray(item.value)) {
      for (let i = 0; i < item.value.length; i++) {
        stack.push({ value: item.value[i], path: `${item.path}[${i}]`, depth });
      }
      continue;
    }
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (key.includes('\u0000')) return nulMessage(printable(path));
      stack.push({ value: child, path, depth });
    }
  }
  return null;
}

/** The same check as a 400 `{"message": ...}`, for text read inside a handler (multipart forms). */
export function assertCleanRequestText(value: unknown, where: string): void {
  const problem = requestTextProblem(value, where);
  if (problem) throw new BadRequestException({ message: problem });
}

function nulMessage(where: string): string {
  return `"${printable(where) || 'the request'}" contains a NUL character (\\u0000), which is not allowed`;
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
}

/**
 * Checks every request's path parameters, query string and parsed body before any handler,
 * guard or pipe sees them (multipart forms are read by their handlers, which call
 * assertCleanRequestText). Answers 400 `{"message": ...}`.
 */
export function registerRequestShapeChecks(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem =
      requestTextProblem(request.params, '') ?? requestTextProblem(request.query, '') ?? bodyProblem(request.body);
    // An async hook that has answered returns the reply, so fastify stops there.
    if (problem)
      return reply.code(400).header('content-type', 'application/json; charset=utf-8').send({ message: problem });
    return undefined;
  });
}

function bodyProblem(body: unknown): string | null {
  // Plain text bodies (text/plain) carry no field names.
  return requestTextProblem(body, typeof body === 'string' ? 'the body' : '');
}
