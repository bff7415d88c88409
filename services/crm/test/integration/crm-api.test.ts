import { describe, expect, it } from 'vitest';
import {
  createBooking,
  createClient,
  deleteBooking,
  deleteClient,
  getBooking,
  getClient,
  getSharedBooking,
  importClients,
  listBookings,
  listClients,
  sendBookingInformation,
  sharedBookingSchema,
  updateBooking,
  updateClient,
  type BookingCreate,
} from '@sneakers/shared/contracts/crm';
import { api, raw } from '../../../../tests/support/cloud-client';
import { email, expectError, key, storeUser } from './support';

const bookingBody = (clientId: string, over: Partial<BookingCreate> = {}): BookingCreate => ({
  clientId,
  itemSku: 'DD1391-100',
  itemName: 'Dunk Low Panda',
  itemBrand: 'Nike',
  size: '42',
  salePrice: 15000,
  prepaidAmount: 5000,
  notes: 'Secret store note: pays cash',
  ...over,
});

describe('crm API', () => {
  it('client CRUD, email uniqueness, and client detail with its bookings newest first', async () => {
    const a = await storeUser('Store A');
    const anaEmail = email('ana');
    const { client: ana } = await a.client.call(createClient, {
      body: { name: 'Ana', email: anaEmail.toUpperCase(), phone: '+34 611', instagramHandle: '@ana' },
    });
    expect(ana).toMatchObject({ email: anaEmail, instagramHandle: 'ana', bookingCount: 0 });
    await expectError(
      a.client.call(createClient, { body: { name: 'Dup', email: anaEmail, phone: '1' } }),
      409,
      'CLIENT_EMAIL_TAKEN',
    );
    const { client: bob } = await a.client.call(createClient, {
      body: { name: 'Bob', email: email('bob'), phone: '2' },
    });
    await expectError(
      a.client.call(updateClient, { params: { clientId: bob.id }, body: { email: anaEmail } }),
      409,
      'CLIENT_EMAIL_TAKEN',
    );
    const bobEmail = email('bob2');
    const { client: renamed } = await a.client.call(updateClient, {
      params: { clientId: bob.id },
      body: { name: 'Robert', email: bobEmail },
    });
    expect(renamed).toMatchObject({ name: 'Robert', email: bobEmail });
    // The old email is free again.
    await a.client.call(updateClient, { params: { clientId: ana.id }, body: { instagramHandle: null } });

    const listed = await a.client.call(listClients);
    expect(listed.clients.map((c) => c.id)).toEqual([bob.id, ana.id]);
    const page = await a.client.call(listClients, { query: { limit: 1 } });
    expect(page.clients.map((c) => c.id)).toEqual([bob.id]);
    const next = await a.client.call(listClients, { query: { limit: 1, cursor: page.cursor! } });
    expect(next.clients.map((c) => c.id)).toEqual([ana.id]);

    const first = await a.client.call(createBooking, { body: bookingBody(ana.id), idempotencyKey: key() });
    const second = await a.client.call(createBooking, {
      body: bookingBody(ana.id, { size: '43', prepaidAmount: undefined }),
      idempotencyKey: key(),
    });
    expect(first.booking).toMatchObject({ status: 'active', currency: 'EUR', client: { name: 'Ana' } });
    expect(second.booking.prepaidAmount).toBe(0);
    const detail = await a.client.call(getClient, { params: { clientId: ana.id } });
    expect(detail.client.bookingCount).toBe(2);
    expect(detail.bookings.map((b) => b.id)).toEqual([second.booking.id, first.booking.id]);

    // The joined client is the client as it is now.
    await a.client.call(updateClient, { params: { clientId: ana.id }, body: { name: 'Ana María' } });
    const got = await a.client.call(getBooking, { params: { bookingId: first.booking.id } });
    expect(got.booking.client.name).toBe('Ana María');

    await expectError(
      a.client.call(createBooking, {
        body: bookingBody(ana.id, { prepaidAmount: 20000 }),
        idempotencyKey: key(),
      }),
      400,
      'PREPAID_ABOVE_PRICE',
    );
    await expectError(
      a.client.call(updateBooking, { params: { bookingId: first.booking.id }, body: { salePrice: 4000 } }),
      400,
      'PREPAID_ABOVE_PRICE',
    );
    await expectError(
      a.client.call(createBooking, {
        body: bookingBody('01NOPE00000000000000000000'),
        idempotencyKey: key(),
      }),
      404,
      'CLIENT_NOT_FOUND',
    );
    await expectError(
      a.client.call(createBooking, { body: bookingBody(ana.id) }),
      400,
      'IDEMPOTENCY_KEY_REQUIRED',
    );

    const { booking: found } = await a.client.call(updateBooking, {
      params: { bookingId: first.booking.id },
      body: { status: 'found', notes: null },
    });
    expect(found).toMatchObject({ status: 'found', notes: null });
    expect(
      (await a.client.call(listBookings, { query: { status: 'found' } })).bookings.map((b) => b.id),
    ).toEqual([first.booking.id]);
    expect((await a.client.call(listBookings)).bookings.map((b) => b.id)).toEqual([
      second.booking.id,
      first.booking.id,
    ]);

    await a.client.call(deleteBooking, { params: { bookingId: second.booking.id } });
    await expectError(
      a.client.call(getBooking, { params: { bookingId: second.booking.id } }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expect((await a.client.call(getClient, { params: { clientId: ana.id } })).client.bookingCount).toBe(1);
  });

  it("store B can neither read nor change store A's clients and bookings", async () => {
    const a = await storeUser('Tenant A');
    const b = await storeUser('Tenant B');
    const { client: ana } = await a.client.call(createClient, {
      body: { name: 'Ana', email: email('ana'), phone: '1' },
    });
    const { booking } = await a.client.call(createBooking, {
      body: bookingBody(ana.id),
      idempotencyKey: key(),
    });
    const clientId = ana.id;
    const bookingId = booking.id;

    await expectError(b.client.call(getClient, { params: { clientId } }), 404, 'CLIENT_NOT_FOUND');
    await expectError(
      b.client.call(updateClient, { params: { clientId }, body: { name: 'Hacked' } }),
      404,
      'CLIENT_NOT_FOUND',
    );
    await expectError(b.client.call(deleteClient, { params: { clientId } }), 404, 'CLIENT_NOT_FOUND');
    await expectError(
      b.client.call(createBooking, { body: bookingBody(clientId), idempotencyKey: key() }),
      404,
      'CLIENT_NOT_FOUND',
    );
    await expectError(b.client.call(getBooking, { params: { bookingId } }), 404, 'BOOKING_NOT_FOUND');
    await expectError(
      b.client.call(updateBooking, { params: { bookingId }, body: { status: 'cancelled' } }),
      404,
      'BOOKING_NOT_FOUND',
    );
    await expectError(b.client.call(deleteBooking, { params: { bookingId } }), 404, 'BOOKING_NOT_FOUND');
    await expectError(
      b.client.call(sendBookingInformation, { params: { bookingId } }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expect((await b.client.call(listClients)).clients).toHaveLength(0);
    expect((await b.client.call(listBookings)).bookings).toHaveLength(0);

    const still = await a.client.call(getBooking, { params: { bookingId } });
    expect(still.booking).toMatchObject({ status: 'active', client: { name: 'Ana' } });
    expect((await raw('/api/clients')).status).toBe(401);
  });

  it('parallel submits with one Idempotency-Key create one booking', async () => {
    const a = await storeUser('Parallel');
    const { client: ana } = await a.client.call(createClient, {
      body: { name: 'Ana', email: email('ana'), phone: '1' },
    });
    const idempotencyKey = key();
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => a.client.call(createBooking, { body: bookingBody(ana.id), idempotencyKey })),
    );
    const ids = new Set(results.map((r) => r.booking.id));
    expect(ids.size).toBe(1);
    const detail = await a.client.call(getClient, { params: { clientId: ana.id } });
    expect(detail.bookings).toHaveLength(1);
    expect(detail.client.bookingCount).toBe(1);
    await expectError(
      a.client.call(createBooking, { body: bookingBody(ana.id, { size: '44' }), idempotencyKey }),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('import updates by email, creates the rest and reports a bad row', async () => {
    const a = await storeUser('Importer');
    const anaEmail = email('ana');
    await a.client.call(createClient, { body: { name: 'Ana', email: anaEmail, phone: '1' } });
    const carlEmail = email('carl');
    const result = await a.client.call(importClients, {
      body: {
        rows: [
          { name: 'Ana Imported', email: anaEmail.toUpperCase(), phone: '+34 699' },
          { name: 'Broken', email: 'not-an-email', phone: '' },
          { name: 'Carl', email: carlEmail, phone: '3', instagramHandle: '@carl' },
        ],
      },
    });
    expect(result).toMatchObject({ created: 1, updated: 1 });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.row).toBe(1);
    expect(Object.keys(result.errors[0]!.fields).sort()).toEqual(['email', 'phone']);
    const { clients } = await a.client.call(listClients);
    expect(clients.map((c) => [c.name, c.email, c.phone]).sort()).toEqual(
      [
        ['Ana Imported', anaEmail, '+34 699'],
        ['Carl', carlEmail, '3'],
      ].sort(),
    );
  });

  it('deleting a client deletes all its bookings (more than one transaction)', async () => {
    const a = await storeUser('Cascade');
    const { client: ana } = await a.client.call(createClient, {
      body: { name: 'Ana', email: email('ana'), phone: '1' },
    });
    const { client: bob } = await a.client.call(createClient, {
      body: { name: 'Bob', email: email('bob'), phone: '2' },
    });
    const total = 105;
    for (let start = 0; start < total; start += 15)
      await Promise.all(
        Array.from({ length: Math.min(15, total - start) }, () =>
          a.client.call(createBooking, { body: bookingBody(ana.id), idempotencyKey: key() }),
        ),
      );
    const kept = await a.client.call(createBooking, { body: bookingBody(bob.id), idempotencyKey: key() });
    expect((await a.client.call(getClient, { params: { clientId: ana.id } })).client.bookingCount).toBe(
      total,
    );

    expect(await a.client.call(deleteClient, { params: { clientId: ana.id } })).toEqual({
      deleted: true,
      bookingsDeleted: total,
    });
    await expectError(a.client.call(getClient, { params: { clientId: ana.id } }), 404, 'CLIENT_NOT_FOUND');
    const left = await a.client.call(listBookings, { query: { limit: 100 } });
    expect(left.bookings.map((b) => b.id)).toEqual([kept.booking.id]);
    // The email is free again.
    const anaAgain = await a.client.call(createClient, {
      body: { name: 'Ana', email: ana.email, phone: '1' },
    });
    expect(anaAgain.client.bookingCount).toBe(0);
  });

  it('the shared booking page shows only public fields and the store profile', async () => {
    const a = await storeUser('Kicks Madrid');
    const anaEmail = email('ana');
    const { client: ana } = await a.client.call(createClient, {
      body: { name: 'Ana', email: anaEmail, phone: '+34 611 222 333' },
    });
    const { booking } = await a.client.call(createBooking, {
      body: bookingBody(ana.id),
      idempotencyKey: key(),
    });
    expect(booking.shareId).not.toBe(booking.id);
    expect(booking.shareId).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const visitor = api();
    const { booking: shared } = await visitor.call(getSharedBooking, {
      params: { shareId: booking.shareId },
    });
    expect(Object.keys(shared).sort()).toEqual(Object.keys(sharedBookingSchema.shape).sort());
    expect(shared).toMatchObject({
      itemName: 'Dunk Low Panda',
      clientName: 'Ana',
      salePrice: 15000,
      prepaidAmount: 5000,
      store: { businessName: 'Kicks Madrid', location: 'Madrid', instagramHandle: 'kicks_madrid' },
    });
    const text = JSON.stringify(shared);
    for (const secret of ['Secret store note', booking.id, ana.id, anaEmail, '611 222 333'])
      expect(text).not.toContain(secret);

    // The booking id or a lower-cased share id does not open it.
    await expectError(
      visitor.call(getSharedBooking, { params: { shareId: booking.id } }),
      404,
      'BOOKING_NOT_FOUND',
    );
    if (booking.shareId.toLowerCase() !== booking.shareId)
      await expectError(
        visitor.call(getSharedBooking, { params: { shareId: booking.shareId.toLowerCase() } }),
        404,
        'BOOKING_NOT_FOUND',
      );
  });
});
