import * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type {
  Booking,
  BookingStatus,
  bookingCreateSchema,
  bookingUpdateSchema,
  SharedBooking,
} from '@sneakers/shared/contracts/crm';
import { AppError, ConflictError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import type { PageRequest } from '@sneakers/shared/paging/page';
import { PREPAID_ABOVE_PRICE_MESSAGE, prepaidWithinPrice } from '@sneakers/shared/rules/booking-money';
import {
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  buildEvent,
  type EventDefinition,
} from '@sneakers/events';
import { clientNotFound, textOrNull } from '../clients/domain';
import type { ClientRecord } from '../clients/ports';
import type { BookingRecord, BookingsDeps, CrmEvent, StoreProfile } from './ports';
import { bookingItem, bookingNotFound, toBooking } from './to-booking';

/**
 * Bookings (docs/product/clients-and-bookings.md#bookings-section): pre-orders with a
 * deposit for one of the store's clients. Create is idempotent on the Idempotency-Key;
 * create, update and the information request each write their event through the outbox in
 * the same transaction. Create and update carry the store's "email the client" choice for
 * that save in the event.
 */
export type BookingInput = z.output<typeof bookingCreateSchema>;
export type BookingChanges = z.output<typeof bookingUpdateSchema>;

const UPDATE_ATTEMPTS = 3;

/** What a booking create's Idempotency-Key remembers: the full key of the booking, for the replay. */
const createdBooking = z.object({ bookingId: z.string(), clientId: z.string() });
type CreatedBooking = z.infer<typeof createdBooking>;

/** The deposit cannot exceed the sale price (docs/product/clients-and-bookings.md#booking-form). */
export function checkPrepaid(booking: Pick<BookingRecord, 'salePrice' | 'prepaidAmount'>): void {
  if (!prepaidWithinPrice(booking))
    throw new AppError(400, 'PREPAID_ABOVE_PRICE', PREPAID_ABOVE_PRICE_MESSAGE, {
      prepaidAmount: [PREPAID_ABOVE_PRICE_MESSAGE],
    });
}

/** What the booking emails need, so the consumer reads nothing else. */
function bookingEvent(
  deps: BookingsDeps,
  def: EventDefinition,
  booking: BookingRecord,
  client: ClientRecord,
  store: StoreProfile | null,
  notifyClient = true,
): CrmEvent {
  const occurredAt = deps.clock.now().toISOString();
  return buildEvent(
    def,
    {
      bookingId: booking.bookingId,
      storeUserId: booking.storeUserId,
      shareId: booking.shareId,
      clientName: client.name,
      clientEmail: client.email,
      itemName: booking.itemName,
      itemSku: booking.itemSku,
      size: booking.size,
      salePrice: booking.salePrice,
      prepaidAmount: booking.prepaidAmount,
      currency: booking.currency,
      status: booking.status,
      language: store?.language ?? 'en',
      storeBusinessName: store?.businessName ?? '',
      notifyClient,
    },
    { eventId: deps.ids.next(), occurredAt },
  );
}

async function withClient(deps: BookingsDeps, record: BookingRecord): Promise<Booking> {
  const client = await deps.repo.getClient(record.storeUserId, record.clientId);
  if (!client) throw bookingNotFound();
  return toBooking(record, client);
}

async function loadBooking(deps: BookingsDeps, storeUserId: string, bookingId: string) {
  const record = await deps.repo.getBooking(storeUserId, bookingId);
  if (!record) throw bookingNotFound();
  return record;
}

export async function listBookings(
  deps: BookingsDeps,
  actor: Actor,
  query: PageRequest & { status?: BookingStatus },
) {
  const user = requireUser(actor);
  const page = await deps.repo.listBookings(user.userId, query.status, query);
  const clientIds = [...new Set(page.items.map((b) => b.clientId))];
  const clients = new Map((await deps.repo.getClients(user.userId, clientIds)).map((c) => [c.clientId, c]));
  // A booking whose client is being deleted (cascade in progress) is left out.
  const bookings = page.items.flatMap((b) => {
    const client = clients.get(b.clientId);
    return client ? [toBooking(b, client)] : [];
  });
  return { bookings, cursor: page.cursor };
}

export async function getBooking(deps: BookingsDeps, actor: Actor, bookingId: string): Promise<Booking> {
  const user = requireUser(actor);
  return withClient(deps, await loadBooking(deps, user.userId, bookingId));
}

async function replay(deps: BookingsDeps, storeUserId: string, created: CreatedBooking): Promise<Booking> {
  // Consistent read by the full key: the winner of a parallel submit has just committed.
  const record = await deps.repo.getBookingByKey(storeUserId, created.clientId, created.bookingId);
  if (!record) throw bookingNotFound();
  return withClient(deps, record);
}

/** A new active booking; 201, or the same booking (200) for a retry with the same key. */
export async function createBooking(
  deps: BookingsDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: BookingInput,
): Promise<{ booking: Booking; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `crm.booking#${user.userId}`,
    headers,
    request: input,
    now,
    result: createdBooking,
  });
  if (request.replay) return { booking: await replay(deps, user.userId, request.replay), created: false };

  const [client, store] = await Promise.all([
    deps.repo.getClient(user.userId, input.clientId),
    deps.repo.getStoreProfile(user.userId),
  ]);
  if (!client) throw clientNotFound();
  const at = now.toISOString();
  const record: BookingRecord = {
    storeUserId: user.userId,
    bookingId: deps.ids.next(),
    clientId: client.clientId,
    itemSku: input.itemSku,
    itemName: input.itemName,
    itemBrand: input.itemBrand ?? '',
    itemColorway: input.itemColorway ?? '',
    itemImageUrl: input.itemImageUrl ?? null,
    size: input.size,
    productVariantId: textOrNull(input.productVariantId),
    salePrice: input.salePrice,
    prepaidAmount: input.prepaidAmount ?? 0,
    currency: input.currency ?? store?.currency ?? 'EUR',
    status: 'active',
    notes: textOrNull(input.notes),
    shareId: deps.shareIds.next(),
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  checkPrepaid(record);
  const outcome = await deps.repo.createBooking(
    record,
    request.claim({ bookingId: record.bookingId, clientId: client.clientId }),
    bookingEvent(deps, bookingCreated, record, client, store, input.notifyClient ?? true),
  );
  if (outcome === 'client_not_found') throw clientNotFound();
  if (outcome === 'duplicate')
    return { booking: await replay(deps, user.userId, await request.winner()), created: false };
  return { booking: toBooking(record, { ...client, bookingCount: client.bookingCount + 1 }), created: true };
}

const EDITABLE = [
  'itemSku',
  'itemName',
  'itemBrand',
  'itemColorway',
  'itemImageUrl',
  'size',
  'productVariantId',
  'salePrice',
  'prepaidAmount',
  'currency',
  'status',
  'notes',
] as const;

/** The booking with the changes applied (pure); blank optional texts become null. */
export function applyBookingChanges(previous: BookingRecord, changes: BookingChanges): BookingRecord {
  const next: BookingRecord = { ...previous };
  const set = <K extends keyof BookingRecord>(key: K, value: BookingRecord[K] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  set('itemSku', changes.itemSku);
  set('itemName', changes.itemName);
  set('itemBrand', changes.itemBrand);
  set('itemColorway', changes.itemColorway);
  set('itemImageUrl', changes.itemImageUrl);
  set('size', changes.size);
  if (changes.productVariantId !== undefined) next.productVariantId = textOrNull(changes.productVariantId);
  set('salePrice', changes.salePrice);
  set('prepaidAmount', changes.prepaidAmount);
  set('currency', changes.currency);
  set('status', changes.status);
  if (changes.notes !== undefined) next.notes = textOrNull(changes.notes);
  return next;
}

export const bookingChanged = (a: BookingRecord, b: BookingRecord) => EDITABLE.some((k) => a[k] !== b[k]);

/**
 * Any status may follow any other (docs/product/clients-and-bookings.md#booking-statuses);
 * Booking.Updated only when something changed.
 */
export async function updateBooking(
  deps: BookingsDeps,
  actor: Actor,
  bookingId: string,
  changes: BookingChanges,
): Promise<Booking> {
  const user = requireWriter(actor);
  for (let attempt = 1; ; attempt++) {
    const previous = await loadBooking(deps, user.userId, bookingId);
    const merged = applyBookingChanges(previous, changes);
    checkPrepaid(merged);
    if (!bookingChanged(previous, merged)) return withClient(deps, previous);
    const [client, store] = await Promise.all([
      deps.repo.getClient(user.userId, previous.clientId),
      deps.repo.getStoreProfile(user.userId),
    ]);
    if (!client) throw bookingNotFound();
    const next = { ...merged, version: previous.version + 1, updatedAt: deps.clock.now().toISOString() };
    const event = bookingEvent(deps, bookingUpdated, next, client, store, changes.notifyClient ?? true);
    if ((await deps.repo.updateBooking(previous, next, event)) === 'updated') return toBooking(next, client);
    if (attempt >= UPDATE_ATTEMPTS) throw new ConflictError('The booking changed meanwhile; try again.');
  }
}

export async function deleteBooking(deps: BookingsDeps, actor: Actor, bookingId: string) {
  const user = requireWriter(actor);
  const record = await loadBooking(deps, user.userId, bookingId);
  if (!(await deps.repo.deleteBooking(record))) throw bookingNotFound();
  return { deleted: true as const };
}

/** Queues booking_information; 409 CLIENT_HAS_NO_EMAIL (imported or legacy clients may lack one). */
export async function sendBookingInformation(deps: BookingsDeps, actor: Actor, bookingId: string) {
  const user = requireWriter(actor);
  const record = await loadBooking(deps, user.userId, bookingId);
  const [client, store] = await Promise.all([
    deps.repo.getClient(user.userId, record.clientId),
    deps.repo.getStoreProfile(user.userId),
  ]);
  if (!client) throw bookingNotFound();
  if (!client.email.trim())
    throw new ConflictError('This client has no email address.', 'CLIENT_HAS_NO_EMAIL');
  const event = bookingEvent(deps, bookingInformationRequested, record, client, store);
  if (!(await deps.repo.requestInformation(record, event))) throw bookingNotFound();
  return { queued: true as const };
}

/** Public page /booking/{shareId}: only the shared fields and the store's public profile. */
export async function getSharedBooking(deps: BookingsDeps, shareId: string): Promise<SharedBooking> {
  const record = await deps.repo.getBookingByShareId(shareId);
  if (!record) throw bookingNotFound();
  const [client, store] = await Promise.all([
    deps.repo.getClient(record.storeUserId, record.clientId),
    deps.repo.getStoreProfile(record.storeUserId),
  ]);
  if (!client) throw bookingNotFound();
  return {
    ...bookingItem(record),
    clientName: client.name,
    createdAt: record.createdAt,
    store: {
      businessName: store?.businessName ?? '',
      contactEmail: store?.contactEmail ?? '',
      phone: store?.phone ?? null,
      instagramHandle: store?.instagramHandle ?? null,
      location: store?.location ?? '',
    },
  };
}
