import { requireUser, type Actor, type UserActor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import { maskIban, type Provider, type ProviderStatus } from '@sneakers/shared/contracts/crm';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from '@sneakers/shared/errors';
import type { IdGenerator } from '@sneakers/shared/ids';
import { buildEvent, providerRegistered } from '@sneakers/events';
import type { ConsignmentsRepository } from './consignments';
import { tokensMatch, type TokenGenerator } from './registration-token';

/**
 * The store's providers (spec sections 3, 4, 5): added by the store (approved at once) or
 * self-registered through the store's link (pending until the store decides). Every use
 * case is scoped to the store of the verified token; one email per store, enforced by a
 * marker row written in the same transaction as the provider.
 */
export const PROVIDER_REGISTRATIONS_PER_HOUR = 10;
export const RATE_WINDOW_MS = 3_600_000;
export const DEFAULT_PAGE_SIZE = 50;
export const DEMO_MODE_MESSAGE = 'Demo users cannot save changes.';
export const RATE_LIMIT_MESSAGE = `Too many registrations for this store from your network: at most ${PROVIDER_REGISTRATIONS_PER_HOUR} an hour. Please try again later.`;
/** Concurrent edits of the same provider retry this often before giving up with 409. */
const MAX_ATTEMPTS = 3;

export type ProviderSource = 'registration' | 'manual';

/** The stored provider: the full IBAN stays here and never reaches a response. */
export interface ProviderRecord {
  storeUserId: string;
  id: string;
  name: string;
  email: string;
  phone: string | null;
  alias: string | null;
  dni: string | null;
  iban: string | null;
  status: ProviderStatus;
  source: ProviderSource;
  /** Consignments ever recorded for the provider (they are never deleted): > 0 blocks deleting it. */
  consignmentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderInput {
  name: string;
  email: string;
  phone?: string | null | undefined;
  alias?: string | null | undefined;
  dni?: string | null | undefined;
  iban?: string | null | undefined;
}

export type ProviderChanges = Partial<ProviderInput>;

export interface RegistrationLink {
  storeUserId: string;
  token: string;
  createdAt: string;
}

export interface RateSlot {
  bucket: string;
  slot: number;
  takenAt: number;
}

export type ProviderEvent = ReturnType<typeof buildEvent>;

export interface Page<T> {
  records: T[];
  cursor: string | null;
}

export interface ListQuery {
  status?: ProviderStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface ProvidersRepository extends ConsignmentsRepository {
  /** Newest first (ids are ULIDs); with a status, only that status. */
  listProviders(storeUserId: string, query: ListQuery): Promise<Page<ProviderRecord>>;
  getProvider(storeUserId: string, id: string): Promise<ProviderRecord | null>;
  /** One transaction: the email marker (only if absent), the provider and, if given, its event. */
  createProvider(record: ProviderRecord, event: ProviderEvent | null): Promise<'created' | 'emailTaken'>;
  /**
   * Conditional on the stored email still being `before.email`; when the email changes the
   * marker moves in the same transaction. 'stale' when the provider changed or vanished meanwhile.
   */
  updateProvider(before: ProviderRecord, after: ProviderRecord): Promise<'updated' | 'emailTaken' | 'stale'>;
  /**
   * Deletes the provider and its marker together, conditional on it having no consignments;
   * 'stale' as above (also when a consignment was recorded meanwhile).
   */
  deleteProvider(record: ProviderRecord): Promise<'deleted' | 'stale'>;
  getLink(storeUserId: string): Promise<RegistrationLink | null>;
  /** Only if the store has none yet ('exists' when a concurrent first read won). */
  createLink(link: RegistrationLink): Promise<'created' | 'exists'>;
  /** Replaces the token: the old one stops matching at once. */
  replaceLink(link: RegistrationLink): Promise<void>;
  /** From the profiles service's row; null when the store has no profile. */
  getBusinessName(storeUserId: string): Promise<string | null>;
  /** Takes one of `limit` rolling-window slots of the bucket; null when all are taken. */
  takeRateSlot(bucket: string, now: Date, limit: number, windowMs: number): Promise<RateSlot | null>;
}

export interface ProvidersDeps {
  repo: ProvidersRepository;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenGenerator;
}

// ---------------------------------------------------------------- rules

export const providerNotFound = () => new NotFoundError('Provider not found.', 'PROVIDER_NOT_FOUND');
const emailTaken = () =>
  new ConflictError('Another provider of yours already has this email.', 'PROVIDER_EMAIL_TAKEN');
/** One answer for a wrong token, a revoked one and an unknown store: nothing to probe. */
const linkInvalid = () =>
  new NotFoundError('This registration link is not valid.', 'REGISTRATION_LINK_INVALID');
const hasConsignments = () =>
  new ConflictError(
    'This provider has consignments and cannot be deleted. Reject the provider instead.',
    'PROVIDER_HAS_CONSIGNMENTS',
  );
const editedConcurrently = () =>
  new ConflictError('The provider changed while saving. Please try again.', 'CONFLICT');

export function writer(actor: Actor): UserActor {
  const user = requireUser(actor);
  if (user.isDemo) throw new ForbiddenError(DEMO_MODE_MESSAGE, 'DEMO_MODE');
  return user;
}

/** Optional text: blank means absent. */
const orNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const normaliseEmail = (email: string) => email.trim().toLowerCase();
const normaliseIban = (iban: string | null | undefined) => orNull(iban?.replace(/\s+/g, '').toUpperCase());

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
    phone: orNull(input.phone),
    alias: orNull(input.alias),
    dni: orNull(input.dni),
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
    ...(changes.phone !== undefined && { phone: orNull(changes.phone) }),
    ...(changes.alias !== undefined && { alias: orNull(changes.alias) }),
    ...(changes.dni !== undefined && { dni: orNull(changes.dni) }),
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
  const page = await deps.repo.listProviders(user.userId, {
    ...query,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
  });
  return { providers: page.records.map(toProvider), cursor: page.cursor };
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
  const user = writer(actor);
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
    if (outcome === 'updated') return after;
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
  const user = writer(actor);
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
  const user = writer(actor);
  const updated = await modify(deps, user.userId, id, (r) => ({
    ...r,
    status: statusFor(decision),
    updatedAt: deps.clock.now().toISOString(),
  }));
  return toProvider(updated);
}

/** Refused (409 PROVIDER_HAS_CONSIGNMENTS) once any consignment was recorded for the provider. */
export async function deleteProvider(deps: ProvidersDeps, actor: Actor, id: string): Promise<void> {
  const user = writer(actor);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const record = await deps.repo.getProvider(user.userId, id);
    if (!record) throw providerNotFound();
    if (record.consignmentCount > 0) throw hasConsignments();
    if ((await deps.repo.deleteProvider(record)) === 'deleted') return;
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
  writer(actor);
  const link: RegistrationLink = {
    storeUserId: user.userId,
    token: deps.tokens.next(),
    createdAt: deps.clock.now().toISOString(),
  };
  if ((await deps.repo.createLink(link)) === 'created') return { token: link.token };
  // Two first reads raced: both answer with the winner's token.
  const winner = await deps.repo.getLink(user.userId);
  if (!winner) throw new Error('Registration link vanished after a conflicting create');
  return { token: winner.token };
}

export async function rotateRegistrationLink(deps: ProvidersDeps, actor: Actor): Promise<{ token: string }> {
  const user = writer(actor);
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
  const bucket = `${sourceIp}#${params.storeUserId}`;
  const slot = await deps.repo.takeRateSlot(bucket, now, PROVIDER_REGISTRATIONS_PER_HOUR, RATE_WINDOW_MS);
  if (!slot) throw new RateLimitedError(RATE_LIMIT_MESSAGE);

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
