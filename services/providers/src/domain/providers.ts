import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { maskIban, type Provider, type ProviderStatus } from '@sneakers/shared/contracts/providers';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { buildEvent, providerRegistered } from '@sneakers/events';
import { editedConcurrently, emailTaken, hasConsignments, linkInvalid, providerNotFound } from './errors';
import type {
  ListQuery,
  ProviderChanges,
  ProviderInput,
  ProviderRecord,
  ProvidersDeps,
  ProviderSource,
  RegistrationLink,
} from './ports';
import { tokensMatch } from './registration-token';
import { textOrNull } from './text';

/**
 * The store's providers (spec sections 3, 4, 5): added by the store (approved at once) or
 * self-registered through the store's link (pending until the store decides). Every use
 * case is scoped to the store of the verified token; one email per store, enforced by a
 * marker row written in the same transaction as the provider.
 */
export const PROVIDER_REGISTRATIONS_PER_HOUR = 10;
export const RATE_WINDOW_MS = 3_600_000;
export const RATE_LIMIT_MESSAGE = `Too many registrations for this store from your network: at most ${PROVIDER_REGISTRATIONS_PER_HOUR} an hour. Please try again later.`;
/** Concurrent edits of the same provider retry this often before giving up with 409. */
const MAX_ATTEMPTS = 3;

// ---------------------------------------------------------------- rules

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const normaliseIban = (iban: string | null | undefined) =>
  textOrNull(iban?.replace(/\s+/g, '').toUpperCase());

export function newProvider(
  storeUserId: string,
  input: ProviderInput,
  meta: { id: string; now: Date; source: ProviderSource },
): ProviderRecord {
  const at = meta.now.toISOString();
  return {
    storeUserId,
    id: meta.id,
    name: input.name.trim(),
    email: normaliseEmail(input.email),
    phone: textOrNull(input.phone),
    alias: textOrNull(input.alias),
    dni: textOrNull(input.dni),
    iban: normaliseIban(input.iban),
    // Spec section 4: a registration waits for the store; the store's own entry is trusted.
    status: meta.source === 'manual' ? 'approved' : 'pending',
    source: meta.source,
    consignmentCount: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/** Applies a partial update: absent keys keep their value, null or blank clears an optional field. */
export function applyChanges(record: ProviderRecord, changes: ProviderChanges, now: Date): ProviderRecord {
  return {
    ...record,
    ...(changes.name !== undefined && { name: changes.name.trim() }),
    ...(changes.email !== undefined && { email: normaliseEmail(changes.email) }),
    ...(changes.phone !== undefined && { phone: textOrNull(changes.phone) }),
    ...(changes.alias !== undefined && { alias: textOrNull(changes.alias) }),
    ...(changes.dni !== undefined && { dni: textOrNull(changes.dni) }),
    ...(changes.iban !== undefined && { iban: normaliseIban(changes.iban) }),
    updatedAt: now.toISOString(),
  };
}

export function statusFor(decision: 'approve' | 'reject'): ProviderStatus {
  return decision === 'approve' ? 'approved' : 'rejected';
}

/** The store's view: the IBAN only masked. */
export function toProvider(record: ProviderRecord): Provider {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    phone: record.phone,
    alias: record.alias,
    dni: record.dni,
    ibanMasked: record.iban ? maskIban(record.iban) : null,
    status: record.status,
    source: record.source,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

// ---------------------------------------------------------------- store use cases

export async function listProviders(
  deps: ProvidersDeps,
  actor: Actor,
  query: ListQuery,
): Promise<{ providers: Provider[]; cursor: string | null }> {
  const user = requireUser(actor);
  const page = await deps.repo.listProviders(user.userId, query);
  return { providers: page.items.map(toProvider), cursor: page.cursor };
}

export async function getProvider(deps: ProvidersDeps, actor: Actor, id: string): Promise<Provider> {
  const user = requireUser(actor);
  const record = await deps.repo.getProvider(user.userId, id);
  if (!record) throw providerNotFound();
  return toProvider(record);
}

/** Added by the store: approved at once; 409 when the store already has a provider with that email. */
export async function createProvider(
  deps: ProvidersDeps,
  actor: Actor,
  input: ProviderInput,
): Promise<Provider> {
  const user = requireWriter(actor);
  const record = newProvider(user.userId, input, {
    id: deps.ids.next(),
    now: deps.clock.now(),
    source: 'manual',
  });
  if ((await deps.repo.createProvider(record, null)) === 'emailTaken') throw emailTaken();
  return toProvider(record);
}

/** Read, change, conditional write; a concurrent edit makes the write stale and it runs again. */
async function modify(
  deps: ProvidersDeps,
  storeUserId: string,
  id: string,
  change: (record: ProviderRecord) => ProviderRecord,
): Promise<ProviderRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const before = await deps.repo.getProvider(storeUserId, id);
    if (!before) throw providerNotFound();
    const after = change(before);
    const outcome = await deps.repo.updateProvider(before, after);
    if (outcome === 'committed') return after;
    if (outcome === 'emailTaken') throw emailTaken();
  }
  throw editedConcurrently();
}

export async function updateProvider(
  deps: ProvidersDeps,
  actor: Actor,
  id: string,
  changes: ProviderChanges,
): Promise<Provider> {
  const user = requireWriter(actor);
  const updated = await modify(deps, user.userId, id, (r) => applyChanges(r, changes, deps.clock.now()));
  return toProvider(updated);
}

/** Approve or reject; any status may be decided again (spec section 4). */
export async function decideProvider(
  deps: ProvidersDeps,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
): Promise<Provider> {
  const user = requireWriter(actor);
  const updated = await modify(deps, user.userId, id, (r) => ({
    ...r,
    status: statusFor(decision),
    updatedAt: deps.clock.now().toISOString(),
  }));
  return toProvider(updated);
}

/** Refused (409 PROVIDER_HAS_CONSIGNMENTS) once any consignment was recorded for the provider. */
export async function deleteProvider(deps: ProvidersDeps, actor: Actor, id: string): Promise<void> {
  const user = requireWriter(actor);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const record = await deps.repo.getProvider(user.userId, id);
    if (!record) throw providerNotFound();
    if (record.consignmentCount > 0) throw hasConsignments();
    if ((await deps.repo.deleteProvider(record)) === 'committed') return;
  }
  throw editedConcurrently();
}

// ---------------------------------------------------------------- registration link

/**
 * The store's link token, created on first read. A demo store may read a link that exists
 * but not create one: creating is a write.
 */
export async function getRegistrationLink(deps: ProvidersDeps, actor: Actor): Promise<{ token: string }> {
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

export async function rotateRegistrationLink(deps: ProvidersDeps, actor: Actor): Promise<{ token: string }> {
  const user = requireWriter(actor);
  const link: RegistrationLink = {
    storeUserId: user.userId,
    token: deps.tokens.next(),
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.repo.replaceLink(link);
  return { token: link.token };
}

// ---------------------------------------------------------------- public registration

export interface RegistrationParams {
  storeUserId: string;
  token: string;
}

async function openLink(deps: ProvidersDeps, params: RegistrationParams): Promise<void> {
  const link = await deps.repo.getLink(params.storeUserId);
  if (!tokensMatch(link?.token, params.token)) throw linkInvalid();
}

/** Public: which store the link belongs to (its business name; empty if it has no profile yet). */
export async function getRegistration(
  deps: ProvidersDeps,
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
  deps: ProvidersDeps,
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
