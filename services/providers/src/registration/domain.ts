/**
 * The store's registration link and public self-registration
 * (docs/product/providers-and-consignments.md#registration-link,
 * docs/product/providers-and-consignments.md#provider-registration-page): a secret link per
 * store, rotated at will, through which a provider registers as pending until the store
 * decides. Every submission with a valid link takes a rate slot.
 */
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { NotFoundError } from '@sneakers/shared/errors';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { buildEvent, providerRegistered } from '@sneakers/events';
import { newProvider } from '../providers/domain';
import type { ProviderInput } from '../providers/ports';
import type { RegistrationDeps, RegistrationLink } from './ports';
import { tokensMatch } from './registration-token';

export const PROVIDER_REGISTRATIONS_PER_HOUR = 10;
export const RATE_WINDOW_MS = 3_600_000;
export const RATE_LIMIT_MESSAGE = `Too many registrations for this store from your network: at most ${PROVIDER_REGISTRATIONS_PER_HOUR} an hour. Please try again later.`;

/** One answer for a wrong token, a revoked one and an unknown store: nothing to probe. */
const linkInvalid = () =>
  new NotFoundError('This registration link is not valid.', 'REGISTRATION_LINK_INVALID');

/**
 * The store's link token, created on first read. A demo store may read a link that exists
 * but not create one: creating is a write.
 */
export async function getRegistrationLink(deps: RegistrationDeps, actor: Actor): Promise<{ token: string }> {
  const user = requireUser(actor);
  const existing = await deps.repo.getLink(user.userId);
  if (existing) return { token: existing.token };
  requireWriter(actor);
  const link: RegistrationLink = {
    storeUserId: user.userId,
    token: deps.tokens.next(),
    createdAt: deps.clock.now().toISOString(),
  };
  if ((await deps.repo.createLink(link)) === 'committed') return { token: link.token };
  // Two first reads raced: both answer with the winner's token.
  const winner = await deps.repo.getLink(user.userId);
  if (!winner) throw new Error('Registration link vanished after a conflicting create');
  return { token: winner.token };
}

export async function rotateRegistrationLink(
  deps: RegistrationDeps,
  actor: Actor,
): Promise<{ token: string }> {
  const user = requireWriter(actor);
  const link: RegistrationLink = {
    storeUserId: user.userId,
    token: deps.tokens.next(),
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.repo.replaceLink(link);
  return { token: link.token };
}

export interface RegistrationParams {
  storeUserId: string;
  token: string;
}

async function openLink(deps: RegistrationDeps, params: RegistrationParams): Promise<void> {
  const link = await deps.repo.getLink(params.storeUserId);
  if (!tokensMatch(link?.token, params.token)) throw linkInvalid();
}

/** Public: which store the link belongs to (its business name; empty if it has no profile yet). */
export async function getRegistration(
  deps: RegistrationDeps,
  params: RegistrationParams,
): Promise<{ store: { businessName: string } }> {
  await openLink(deps, params);
  return { store: { businessName: (await deps.repo.getBusinessName(params.storeUserId)) ?? '' } };
}

/**
 * Public self-registration: a pending provider and its Provider.Registered event. The same
 * email again answers the same and creates nothing, so the form reveals nothing about who
 * is registered. Every submission with a valid link takes a rate slot (per address and store).
 */
export async function submitRegistration(
  deps: RegistrationDeps,
  sourceIp: string,
  params: RegistrationParams,
  input: ProviderInput,
): Promise<{ status: 'pending' }> {
  await openLink(deps, params);
  const now = deps.clock.now();
  await takeOrRefuse(
    deps.limiter,
    `providers.registration#${sourceIp}#${params.storeUserId}`,
    { limit: PROVIDER_REGISTRATIONS_PER_HOUR, windowMs: RATE_WINDOW_MS },
    now,
    RATE_LIMIT_MESSAGE,
  );

  const record = newProvider(params.storeUserId, input, {
    id: deps.ids.next(),
    now,
    source: 'registration',
  });
  const event = buildEvent(
    providerRegistered,
    { providerId: record.id, storeUserId: record.storeUserId, providerName: record.name },
    { eventId: deps.ids.next(), occurredAt: record.createdAt },
  );
  await deps.repo.createProvider(record, event);
  return { status: 'pending' };
}
