import { describe, expect, it, beforeAll } from 'vitest';
import { listBookings, listClients, getClient, createClient } from '@sneakers/shared/contracts/crm';
import { listMyItems } from '@sneakers/shared/contracts/lists';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { listAnonymousOffers, listOffers } from '@sneakers/shared/contracts/offers';
import { getMyProfile, startDemoSession, updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { listConsignments, listProviders } from '@sneakers/shared/contracts/providers';
import { DEMO } from '@sneakers/shared/demo';
import { api, raw } from '../../../tests/support/cloud-client';

/** Try Demo: a real read-only identity that reads the seeded sample data of every section. */
describe('demo identity and the demo seed', () => {
  let token: string;
  beforeAll(async () => {
    const session = await api().call(startDemoSession, {});
    token = session.accessToken;
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now() + 10 * 60_000);
  });

  it('signs in as the demo store', async () => {
    const { profile } = await api(token).call(getMyProfile, {});
    expect(profile).toMatchObject({ id: DEMO.userId, businessName: DEMO.businessName, role: 'store' });
  });

  it('shows sample data in every landed section', async () => {
    const demo = api(token);
    for (const listType of ['inventory', 'wtb', 'wts', 'wtc'] as const) {
      const { items } = await demo.call(listMyItems, { query: { listType } });
      expect(items.length, listType).toBeGreaterThan(0);
    }
    const { clients } = await demo.call(listClients, { query: {} });
    expect(clients.length).toBeGreaterThanOrEqual(3);
    const withBookings = clients.find((c) => c.bookingCount > 1);
    if (!withBookings) throw new Error('no demo client with bookings');
    const detail = await demo.call(getClient, { params: { clientId: withBookings.id } });
    expect(detail.bookings.length).toBe(withBookings.bookingCount);
    const { bookings } = await demo.call(listBookings, { query: {} });
    expect(new Set(bookings.map((b) => b.status))).toEqual(new Set(['active', 'found', 'completed']));

    const { providers } = await demo.call(listProviders, { query: {} });
    expect(new Set(providers.map((p) => p.status))).toEqual(new Set(['approved', 'pending']));
    const counts = await Promise.all(
      providers.map(async (p) => {
        const { consignments } = await demo.call(listConsignments, { params: { providerId: p.id } });
        return consignments.map((c) => c.status);
      }),
    );
    expect(new Set(counts.flat())).toEqual(new Set(['in_stock', 'sold', 'returned']));

    const received = await demo.call(listOffers, { query: { box: 'received' } });
    expect(new Set(received.offers.map((o) => o.status))).toEqual(
      new Set(['pending', 'countered', 'accepted']),
    );
    const anonymous = await demo.call(listAnonymousOffers, { query: {} });
    expect(anonymous.offers.length).toBeGreaterThan(0);
  });

  it('has notifications that arrived through the event path', async () => {
    const deadline = Date.now() + 15_000;
    let count = 0;
    while (Date.now() < deadline) {
      count = (await api(token).call(listNotifications, { query: {} })).notifications.length;
      if (count >= 3) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(count).toBeGreaterThanOrEqual(3);
  });

  it('refuses every write with 403 DEMO_MODE and changes nothing', async () => {
    const before = await api(token).call(listClients, { query: {} });
    const res = await raw(createClient.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', email: 'x@example.com', phone: '1' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'DEMO_MODE', message: 'Demo users cannot save changes.' },
    });
    await expect(
      api(token).call(updateMyProfile, { body: { businessName: 'Hacked' } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    const after = await api(token).call(listClients, { query: {} });
    expect(after.clients).toEqual(before.clients);
  });
});
