import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Actor, UserActor } from '@sneakers/shared/actor';
import type { BodyOf, Contract, ParamsOf, QueryOf } from '@sneakers/shared/contracts/contract';
import { DEMO } from '@sneakers/shared/demo';
import type { Route } from '@sneakers/shared/runtime/function';
import { functions as services } from '../../../services/registry';

/**
 * The seed writes through the registry's own routes (contract validation, use case,
 * events through the outbox), so sample data is exactly what the product would write and
 * a domain's seed breaks when its contract changes instead of drifting silently.
 */
const routes = new Map<string, Route>(
  services.flatMap((s) => s.definition.routes ?? []).map((r) => [r.contract.id, r]),
);

export interface Call<C extends Contract> {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  headers?: Record<string, string>;
}

/** Whether the registry serves this contract (a seed step whose routes are not there yet skips). */
export const hasRoute = (contract: Contract) => routes.has(contract.id);

export async function invoke<C extends Contract>(
  contract: C,
  actor: Actor,
  call: Call<C> = {},
): Promise<z.output<C['response']>> {
  const route = routes.get(contract.id);
  if (!route) throw new Error(`The registry has no route ${contract.id}`);
  const result = await route.handle({
    actor,
    params: call.params ?? {},
    query: call.query ?? {},
    body: call.body ?? {},
    headers: call.headers ?? {},
    requestId: randomUUID(),
    sourceIp: '127.0.0.1',
    setStatus: () => undefined,
  });
  return z.parse<C['response']>(contract.response, result);
}

/**
 * Writes as the demo store's owner. Visitors never get this actor: Try Demo signs in as the
 * read-only demo identity (isDemo: true), whose writes answer 403 DEMO_MODE.
 */
export const DEMO_OWNER: UserActor = {
  kind: 'user',
  userId: DEMO.userId,
  email: DEMO.email,
  isSuperuser: false,
  isDemo: false,
};

/** A sample trading partner of the demo store (ids start with demo-, docs/product/demo-mode.md#demo-identity). */
export function sampleUser(userId: `demo-${string}`, email: string): UserActor {
  return { kind: 'user', userId, email, isSuperuser: false, isDemo: false };
}

/** A stable Idempotency-Key per seeded record, so a re-run replays instead of duplicating. */
export const seedKey = (name: string) => ({ 'idempotency-key': `demo-seed-${name}` });
