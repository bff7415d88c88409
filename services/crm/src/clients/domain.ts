import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { fieldErrors } from '@sneakers/shared/contracts/contract';
import {
  clientCreateSchema,
  type Booking,
  type Client,
  type clientUpdateSchema,
} from '@sneakers/shared/contracts/crm';
import { AppError, ConflictError, NotFoundError, type FieldErrors } from '@sneakers/shared/errors';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { newestFirst, toBooking } from '../bookings/to-booking';
import type { ClientRecord, ClientsDeps } from './ports';

/**
 * Clients of a store (docs/product/clients-and-bookings.md#client-form): email unique per
 * store (a marker row written in the same transaction as the client), bookingCount kept by
 * the booking transactions.
 */
export type ClientInput = z.output<typeof clientCreateSchema>;
export type ClientChanges = z.output<typeof clientUpdateSchema>;

const UPDATE_ATTEMPTS = 3;
const IMPORT_CONCURRENCY = 8;

export const clientNotFound = () => new NotFoundError('Client not found.', 'CLIENT_NOT_FOUND');

/** Trimmed text or null when blank. */
export const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function toClient(record: ClientRecord): Client {
  return {
    id: record.clientId,
    name: record.name,
    email: record.email,
    phone: record.phone,
    instagramHandle: record.instagramHandle,
    bookingCount: record.bookingCount,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const emailTaken = () =>
  new ConflictError('Another client already uses this email address.', 'CLIENT_EMAIL_TAKEN');

export async function listClients(deps: ClientsDeps, actor: Actor, query: PageRequest) {
  const user = requireUser(actor);
  const page = await deps.repo.listClients(user.userId, query);
  return { clients: page.items.map(toClient), cursor: page.cursor };
}

/** Client detail: the client and all its bookings, newest first, from one Query. */
export async function getClient(
  deps: ClientsDeps,
  actor: Actor,
  clientId: string,
): Promise<{ client: Client; bookings: Booking[] }> {
  const user = requireUser(actor);
  const detail = await deps.repo.getClientDetail(user.userId, clientId);
  if (!detail) throw clientNotFound();
  return {
    client: toClient(detail.client),
    bookings: [...detail.bookings].sort(newestFirst).map((b) => toBooking(b, detail.client)),
  };
}

function newClient(deps: ClientsDeps, storeUserId: string, input: ClientInput): ClientRecord {
  const now = deps.clock.now().toISOString();
  return {
    storeUserId,
    clientId: deps.ids.next(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    instagramHandle: textOrNull(input.instagramHandle),
    bookingCount: 0,
    createdAt: now,
    updatedAt: now,
  };
}

export async function createClient(deps: ClientsDeps, actor: Actor, input: ClientInput): Promise<Client> {
  const user = requireWriter(actor);
  const record = newClient(deps, user.userId, input);
  if ((await deps.repo.createClient(record)) === 'email_taken') throw emailTaken();
  return toClient(record);
}

/** Read-merge-write, conditional on the email read (the marker swap depends on it); retried when stale. */
async function applyChanges(
  deps: ClientsDeps,
  storeUserId: string,
  clientId: string,
  changes: ClientChanges,
): Promise<ClientRecord> {
  for (let attempt = 1; ; attempt++) {
    const previous = await deps.repo.getClient(storeUserId, clientId);
    if (!previous) throw clientNotFound();
    const next: ClientRecord = {
      ...previous,
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.email !== undefined && { email: changes.email }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.instagramHandle !== undefined && { instagramHandle: textOrNull(changes.instagramHandle) }),
      updatedAt: deps.clock.now().toISOString(),
    };
    const outcome = await deps.repo.updateClient(previous, next);
    if (outcome === 'updated') return next;
    if (outcome === 'email_taken') throw emailTaken();
    if (attempt >= UPDATE_ATTEMPTS) throw new ConflictError('The client changed meanwhile; try again.');
  }
}

export async function updateClient(
  deps: ClientsDeps,
  actor: Actor,
  clientId: string,
  changes: ClientChanges,
): Promise<Client> {
  const user = requireWriter(actor);
  return toClient(await applyChanges(deps, user.userId, clientId, changes));
}

/** Deletes the client and every booking of theirs. */
export async function deleteClient(deps: ClientsDeps, actor: Actor, clientId: string) {
  const user = requireWriter(actor);
  const result = await deps.repo.deleteClient(user.userId, clientId);
  if (!result) throw clientNotFound();
  return { deleted: true as const, bookingsDeleted: result.bookingsDeleted };
}

export interface ImportResult {
  created: number;
  updated: number;
  errors: { row: number; fields: FieldErrors }[];
}

/**
 * One CSV batch: each row is checked with the client form's schema, then updates the
 * client with that email or creates one. `row` in errors is the 0-based index in `rows`.
 * Rows with the same email run in order (the second updates what the first created);
 * different emails run concurrently.
 */
export async function importClients(
  deps: ClientsDeps,
  actor: Actor,
  rows: Record<string, unknown>[],
): Promise<ImportResult> {
  const user = requireWriter(actor);
  const result: ImportResult = { created: 0, updated: 0, errors: [] };
  const byEmail = new Map<string, { row: number; input: ClientInput }[]>();
  rows.forEach((raw, row) => {
    const parsed = clientCreateSchema.safeParse(raw);
    if (!parsed.success) {
      result.errors.push({ row, fields: fieldErrors(parsed.error) });
      return;
    }
    const group = byEmail.get(parsed.data.email) ?? [];
    group.push({ row, input: parsed.data });
    byEmail.set(parsed.data.email, group);
  });

  const importOne = async (row: number, input: ClientInput) => {
    // Two attempts: a create can lose a race to a concurrent create of the same email.
    for (let attempt = 0; attempt < 2; attempt++) {
      const existingId = await deps.repo.findClientIdByEmail(user.userId, input.email);
      if (existingId) {
        try {
          await applyChanges(deps, user.userId, existingId, {
            name: input.name,
            phone: input.phone,
            ...(input.instagramHandle !== undefined && { instagramHandle: input.instagramHandle }),
          });
          result.updated++;
          return;
        } catch (error) {
          // The marker pointed at a client deleted meanwhile: create instead.
          if (!(error instanceof AppError && error.code === 'CLIENT_NOT_FOUND')) throw error;
          continue;
        }
      }
      if ((await deps.repo.createClient(newClient(deps, user.userId, input))) === 'created') {
        result.created++;
        return;
      }
    }
    result.errors.push({ row, fields: { email: ['Another client already uses this email address.'] } });
  };

  const groups = [...byEmail.values()];
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift())
      for (const { row, input } of group) await importOne(row, input);
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, groups.length) }, worker));
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}
