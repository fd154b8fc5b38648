import { ServiceUnavailableException } from '@nestjs/common';

/** A dependency a process needs to serve, and how to ask whether it answers. */
export interface ReadinessCheck {
  /** Named in the 503's message: "Redis is not reachable". */
  name: string;
  probe: () => Promise<unknown>;
}

/** A check that has not answered by then counts as down: a hung connection is no answer. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * `/readyz` (DESIGN.md §9): runs every check at once and answers `{status: 'ok'}`, or throws a
 * 503 whose message names each dependency that did not answer, so a load balancer stops
 * sending traffic and an operator sees which one to look at.
 */
export async function assertReady(checks: ReadinessCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<{ status: 'ok' }> {
  const results = await Promise.all(checks.map(({ probe }) => answers(probe, timeoutMs)));
  const down = checks.filter((_, index) => !results[index]).map(({ name }) => `${name} is not reachable`);
  if (down.length > 0) throw new ServiceUnavailableException({ message: down.join('; ') });
  return { status: 'ok' };
}

async function answers(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
