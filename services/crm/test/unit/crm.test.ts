import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  bookingCreateSchema,
  bookingUpdateSchema,
  clientCreateSchema,
  sharedBookingSchema,
  type BookingCreate,
  type ClientCreate,
} from '@sneakers/shared/contracts/crm';
import {
  createBooking,
  getSharedBooking,
  listBookings,
  sendBookingInformation,
  updateBooking,
} from '../../src/bookings/domain';
import {
  createClient,
  deleteClient,
  getClient,
  importClients,
  listClients,
  updateClient,
} from '../../src/clients/domain';
import { memoryDeps } from './memory';

const store = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});
const A = store('store-a');
const B = store('store-b');
const headers = (key: string) => ({ 'idempotency-key': key });
const clientInput = (over: Partial<ClientCreate> = {}) =>
  clientCreateSchema.parse({ name: 'Ana', email: 'Ana@Example.com ', phone: '+34 600', ...over });
const bookingInput = (clientId: string, over: Partial<BookingCreate> = {}) =>
  bookingCreateSchema.parse({
    clientId,
    itemSku: 'DD1391-100',
    itemName: 'Dunk Low',
    size: '42',
    salePrice: 15000,
    ...over,
  });

async function code(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; code?: string } | null;
  return error && [error.status, error.code];
}

describe('clients', () => {
  it('scopes to the store, keeps email unique per store (case-insensitive) and refuses demo writes', async () => {
    const { deps } = memoryDeps();
    const ana = await createClient(deps, A, clientInput({ instagramHandle: '@ana' }));
    expect(ana).toMatchObject({ email: 'ana@example.com', instagramHandle: 'ana', bookingCount: 0 });
    expect(await code(createClient(deps, A, clientInput({ email: 'ANA@example.com' })))).toEqual([
      409,
      'CLIENT_EMAIL_TAKEN',
    ]);
    // Another store may have a client with the same email.
    await createClient(deps, B, clientInput());
    expect((await listClients(deps, A, {})).clients).toHaveLength(1);
    expect(await code(getClient(deps, B, ana.id))).toEqual([404, 'CLIENT_NOT_FOUND']);
    expect(await code(createClient(deps, store('demo-store', true), clientInput()))).toEqual([
      403,
      'DEMO_MODE',
    ]);
  });

  it('moves the email marker on update; a taken email is 409', async () => {
    const { deps, emails } = memoryDeps();
    const ana = await createClient(deps, A, clientInput());
    const bob = await createClient(deps, A, clientInput({ name: 'Bob', email: 'bob@example.com' }));
    expect(await code(updateClient(deps, A, bob.id, { email: 'ana@example.com' }))).toEqual([
      409,
      'CLIENT_EMAIL_TAKEN',
    ]);
    const moved = await updateClient(deps, A, ana.id, { email: 'ana2@example.com', instagramHandle: null });
    expect(moved.email).toBe('ana2@example.com');
    expect([...emails.keys()].sort()).toEqual(['store-a#ana2@example.com', 'store-a#bob@example.com']);
    expect(await code(updateClient(deps, B, ana.id, { name: 'X' }))).toEqual([404, 'CLIENT_NOT_FOUND']);
  });

  it('imports: update by email, create otherwise, bad rows reported with their index and the rest applied', async () => {
    const { deps } = memoryDeps();
    await createClient(deps, A, clientInput());
    const result = await importClients(deps, A, [
      { name: 'Ana Updated', email: 'ANA@example.com', phone: '1' },
      { name: '', email: 'not-an-email', phone: '2' },
      { name: 'Carl', email: 'carl@example.com', phone: '3' },
      { name: 'Carl Again', email: 'carl@example.com', phone: '4' },
    ]);
    expect(result.created).toBe(1);
    expect(result.updated).toBe(2);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.row).toBe(1);
    expect(Object.keys(result.errors[0]!.fields).sort()).toEqual(['email', 'name']);
    const names = (await listClients(deps, A, {})).clients.map((c) => c.name).sort();
    expect(names).toEqual(['Ana Updated', 'Carl Again']);
  });

  it('delete removes the client and all its bookings', async () => {
    const { deps, bookings } = memoryDeps();
    const ana = await createClient(deps, A, clientInput());
    for (const k of ['key-0001', 'key-0002']) await createBooking(deps, A, headers(k), bookingInput(ana.id));
    expect(await code(deleteClient(deps, B, ana.id))).toEqual([404, 'CLIENT_NOT_FOUND']);
    expect(await deleteClient(deps, A, ana.id)).toEqual({ deleted: true, bookingsDeleted: 2 });
    expect(bookings.size).toBe(0);
  });
});

describe('bookings', () => {
  async function setup() {
    const m = memoryDeps();
    m.profiles.set('store-a', {
      businessName: 'Kicks',
      contactEmail: 'shop@kicks.example',
      phone: null,
      instagramHandle: 'kicks',
      location: 'Madrid',
      language: 'es',
      currency: 'GBP',
    });
    const ana = await createClient(m.deps, A, clientInput());
    return { ...m, ana };
  }

  it('creates active with defaults, counts it on the client, and writes Booking.Created with the store language', async () => {
    const { deps, ana, events } = await setup();
    const { booking, created } = await createBooking(deps, A, headers('key-0001'), bookingInput(ana.id));
    expect(created).toBe(true);
    expect(booking).toMatchObject({
      status: 'active',
      prepaidAmount: 0,
      currency: 'GBP',
      itemBrand: '',
      notes: null,
      client: { id: ana.id, name: 'Ana' },
    });
    expect(booking.shareId).not.toBe(booking.id);
    expect((await getClient(deps, A, ana.id)).client.bookingCount).toBe(1);
    expect(events.map((e) => e.detailType)).toEqual(['Booking.Created']);
    expect(events[0]!.detail).toMatchObject({
      data: { clientEmail: 'ana@example.com', language: 'es', storeBusinessName: 'Kicks' },
    });
  });

  it('is idempotent on the key; a key reused for another body is 409; a key is required', async () => {
    const { deps, ana, bookings } = await setup();
    const first = await createBooking(deps, A, headers('key-0001'), bookingInput(ana.id));
    const again = await createBooking(deps, A, headers('key-0001'), bookingInput(ana.id));
    expect(again).toEqual({ booking: first.booking, created: false });
    expect(bookings.size).toBe(1);
    expect(
      await code(createBooking(deps, A, headers('key-0001'), bookingInput(ana.id, { size: '43' }))),
    ).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await code(createBooking(deps, A, {}, bookingInput(ana.id)))).toEqual([
      400,
      'IDEMPOTENCY_KEY_REQUIRED',
    ]);
  });

  it("refuses another store's client, a deposit above the price, and demo users", async () => {
    const { deps, ana } = await setup();
    expect(await code(createBooking(deps, B, headers('key-0001'), bookingInput(ana.id)))).toEqual([
      404,
      'CLIENT_NOT_FOUND',
    ]);
    expect(
      await code(createBooking(deps, A, headers('key-0002'), bookingInput(ana.id, { prepaidAmount: 15001 }))),
    ).toEqual([400, 'PREPAID_ABOVE_PRICE']);
    expect(
      await code(createBooking(deps, store('demo-x', true), headers('key-0003'), bookingInput(ana.id))),
    ).toEqual([403, 'DEMO_MODE']);
  });

  it('update: any status, prepaid checked against the merged price, event only when something changed', async () => {
    const { deps, ana, events } = await setup();
    const { booking } = await createBooking(
      deps,
      A,
      headers('key-0001'),
      bookingInput(ana.id, { prepaidAmount: 5000 }),
    );
    expect(
      await code(updateBooking(deps, A, booking.id, bookingUpdateSchema.parse({ salePrice: 4000 }))),
    ).toEqual([400, 'PREPAID_ABOVE_PRICE']);
    const same = await updateBooking(deps, A, booking.id, bookingUpdateSchema.parse({ size: '42' }));
    expect(same.updatedAt).toBe(booking.updatedAt);
    expect(events).toHaveLength(1);
    const done = await updateBooking(
      deps,
      A,
      booking.id,
      bookingUpdateSchema.parse({ status: 'completed', notes: ' ' }),
    );
    expect(done).toMatchObject({ status: 'completed', notes: null });
    const back = await updateBooking(deps, A, booking.id, bookingUpdateSchema.parse({ status: 'active' }));
    expect(back.status).toBe('active');
    expect(events.map((e) => e.detailType)).toEqual([
      'Booking.Created',
      'Booking.Updated',
      'Booking.Updated',
    ]);
    expect(await code(updateBooking(deps, B, booking.id, { status: 'found' }))).toEqual([
      404,
      'BOOKING_NOT_FOUND',
    ]);
    expect((await listBookings(deps, A, { status: 'active' })).bookings).toHaveLength(1);
    expect((await listBookings(deps, A, { status: 'found' })).bookings).toHaveLength(0);
  });

  it("carries the store's email choice for each save in the event (absent means email)", async () => {
    const { deps, ana, events } = await setup();
    const quiet = await createBooking(
      deps,
      A,
      headers('key-0001'),
      bookingInput(ana.id, { notifyClient: false }),
    );
    await createBooking(deps, A, headers('key-0002'), bookingInput(ana.id, { itemName: 'Jordan 1' }));
    await updateBooking(
      deps,
      A,
      quiet.booking.id,
      bookingUpdateSchema.parse({ status: 'found', notifyClient: false }),
    );
    await updateBooking(deps, A, quiet.booking.id, bookingUpdateSchema.parse({ status: 'completed' }));
    expect(events.map((e) => [e.detailType, e.detail.data])).toEqual([
      ['Booking.Created', expect.objectContaining({ notifyClient: false })],
      ['Booking.Created', expect.objectContaining({ notifyClient: true })],
      ['Booking.Updated', expect.objectContaining({ notifyClient: false, status: 'found' })],
      ['Booking.Updated', expect.objectContaining({ notifyClient: true, status: 'completed' })],
    ]);
    // The choice is about one save: it is not part of the booking.
    expect(quiet.booking).not.toHaveProperty('notifyClient');
    expect(bookingUpdateSchema.safeParse({ notifyClient: false }).success).toBe(false);
    expect(bookingCreateSchema.safeParse({ ...bookingInput(ana.id), notifyClient: 'no' }).success).toBe(
      false,
    );
  });

  it('information email needs a client email', async () => {
    const { deps, ana, clients, events } = await setup();
    const { booking } = await createBooking(deps, A, headers('key-0001'), bookingInput(ana.id));
    expect(await sendBookingInformation(deps, A, booking.id)).toEqual({ queued: true });
    expect(events.at(-1)!.detailType).toBe('Booking.InformationRequested');
    clients.get(`store-a#${ana.id}`)!.email = '';
    expect(await code(sendBookingInformation(deps, A, booking.id))).toEqual([409, 'CLIENT_HAS_NO_EMAIL']);
  });

  it('shared booking: only the public fields and the store profile', async () => {
    const { deps, ana } = await setup();
    const { booking } = await createBooking(
      deps,
      A,
      headers('key-0001'),
      bookingInput(ana.id, { notes: 'VIP, pays cash' }),
    );
    const shared = await getSharedBooking(deps, booking.shareId);
    expect(sharedBookingSchema.parse(shared)).toEqual(shared);
    expect(JSON.stringify(shared)).not.toContain('VIP');
    expect(JSON.stringify(shared)).not.toContain(booking.id);
    expect(shared.store).toEqual({
      businessName: 'Kicks',
      contactEmail: 'shop@kicks.example',
      phone: null,
      instagramHandle: 'kicks',
      location: 'Madrid',
    });
    expect(await code(getSharedBooking(deps, booking.id))).toEqual([404, 'BOOKING_NOT_FOUND']);
  });
});
