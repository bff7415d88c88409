/**
 * The store's providers (docs/product/providers-and-consignments.md): added by the store
 * (approved at once) or self-registered through the store's link (pending until the store
 * decides; src/registration). Every use case is scoped to the store of the verified token;
 * one email per store, enforced by a marker row written in the same transaction as the
 * provider.
 */
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { maskIban, type Provider, type ProviderStatus } from '@sneakers/shared/contracts/providers';
import { editedConcurrently, emailTaken, hasConsignments, providerNotFound } from './errors';
import type {
  ListQuery,
  ProviderChanges,
  ProviderInput,
  ProviderRecord,
  ProvidersDeps,
  ProviderSource,
} from './ports';
import { textOrNull } from './text';

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
    // A registration waits for the store; the store's own entry is trusted
    // (docs/product/providers-and-consignments.md#provider-statuses).
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

/** Approve or reject; any status may be decided again (docs/product/providers-and-consignments.md#provider-statuses). */
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
