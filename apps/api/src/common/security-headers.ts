import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Middleware = ReturnType<typeof helmet>;

/** A route's own policy (route `config.securityHeaders`), built once with `securityHeaders`. */
export interface SecurityHeadersConfig {
  securityHeaders?: Middleware;
}

/** Helmet's headers for one policy, built once (helmet validates and compiles its options here). */
export function securityHeaders(options: HelmetOptions): Middleware {
  return helmet(options);
}

/**
 * Helmet's headers on every answer, with the middleware (`everywhere`, from `securityHeaders`)
 * built once at start-up: the Fastify plugin built it again from the options on each request
 * (about 4 % of a cheap request's CPU, bench:positions). A route may bring its own policy in
 * `config.securityHeaders`. The router's own refusals, which no hook sees, use it too (bootstrap).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, everywhere: Middleware): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const own = (request.routeOptions.config as SecurityHeadersConfig | undefined)?.securityHeaders;
    (own ?? everywhere)(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
