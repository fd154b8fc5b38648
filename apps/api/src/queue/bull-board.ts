import { createBullBoard } from '@bull-board/api';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';

export const QUEUE_DASHBOARD_PATH = '/cuviewTV/admin/queues';

/** Cookie a browser may carry instead of the header (the dashboard's own page loads send no header). */
export const QUEUE_DASHBOARD_COOKIE = 'cuview_queues';

export type StaffCheck = (token: string | null) => Promise<'ok' | 'anonymous' | 'forbidden'>;

function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === QUEUE_DASHBOARD_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function headerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^(JWT|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match ? match[2] : null;
}

/**
 * Bull Board for staff under /cuviewTV/admin/queues, in its own fastify scope so its hook and
 * headers touch nothing else. Every request (page, assets, its JSON api) needs a staff token,
 * from `Authorization: JWT <access>` or the `cuview_queues` cookie.
 */
export function registerQueueDashboard(fastify: FastifyInstance, queues: Queue[], isStaff: StaffCheck): void {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    // @bull-board/fastify 9.10.1 carries its own copy of @bull-board/api's types (9.10.2 here);
    // the classes are the same at run time.
    serverAdapter: serverAdapter as unknown as IServerAdapter,
    options: { uiConfig: { boardTitle: 'CUVIEW queues' } },
  });
  void fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = headerToken(request.headers.authorization) ?? cookieToken(request.headers.cookie);
      const verdict = await isStaff(token);
      if (verdict === 'anonymous') {
        return reply.status(401).send({ detail: 'Authentication credentials were not provided.' });
      }
      if (verdict === 'forbidden') {
        return reply.status(403).send({ message: "You don't have permission for this Action" });
      }
      // The dashboard's page uses inline boot data; it is staff-only and same-origin.
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline' https:; img-src 'self' data: https:; font-src 'self' data: https:",
      );
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_DASHBOARD_PATH });
  });
}
