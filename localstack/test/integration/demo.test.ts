import { describe, expect, it, beforeAll } from 'vitest';
import {
  getOverview,
  listOrders,
  listPayments,
  listProviderBalances,
  listSales,
  listShipments,
  listVirtualProducts,
  type Overview,
} from '@sneakers/shared/contracts/commerce';
import { listBookings, listClients, getClient, createClient } from '@sneakers/shared/contracts/crm';
import { getPublicList, listMyItems } from '@sneakers/shared/contracts/lists';
import {
  getRatingSummary,
  getUnreadMessages,
  listConversations,
  listMessages,
  listRatings,
  listTradingPartners,
  markConversationRead,
} from '@sneakers/shared/contracts/messaging';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { listAnonymousOffers, listOffers } from '@sneakers/shared/contracts/offers';
import { getMyProfile, startDemoSession, updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { listConsignments, listProviders } from '@sneakers/shared/contracts/providers';
import {
  listItemPriceHistory,
  listPricingRunRows,
  listPricingRuns,
  listPricingStrategies,
} from '@sneakers/shared/contracts/pricing';
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

  it("shows the store's trade: sales, orders, shipments, payments and virtual products", async () => {
    const demo = api(token);
    const { sales } = await demo.call(listSales, { query: { limit: 100 } });
    expect(sales.length).toBeGreaterThanOrEqual(35);
    expect(new Set(sales.map((s) => s.source))).toEqual(
      new Set(['inventory', 'consignment', 'virtual', 'order']),
    );
    expect(sales.some((s) => s.clientId !== null) && sales.some((s) => s.clientId === null)).toBe(true);
    expect(sales.some((s) => s.fees > 0)).toBe(true);
    const months = new Set(sales.map((s) => s.saleDate.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(6);

    const { orders } = await demo.call(listOrders, { query: {} });
    const saleOrders = orders.filter((o) => o.kind === 'sale');
    expect(new Set(saleOrders.map((o) => o.status))).toEqual(
      new Set(['pending', 'paid', 'delivered', 'cancelled']),
    );
    expect(saleOrders.filter((o) => o.fulfilledAt !== null && o.saleIds.length > 0)).toHaveLength(1);
    const purchase = orders.find((o) => o.kind === 'purchase');
    expect(purchase?.offerGroupId ?? purchase?.anonymousOfferId).toBeTruthy();

    const { shipments } = await demo.call(listShipments, { query: {} });
    expect(new Set(shipments.map((s) => s.courier))).toEqual(new Set(['gls', 'seur', 'correos', 'ups']));
    expect(new Set(shipments.map((s) => s.status))).toEqual(new Set(['created', 'shipped', 'delivered']));
    expect(shipments.filter((s) => s.link === null)).toHaveLength(1);
    expect(shipments.filter((s) => s.link?.kind === 'sale')).toHaveLength(3);
    const unassociated = await demo.call(listShipments, { query: { unassociated: 'true' } });
    expect(unassociated.shipments.map((s) => s.courier)).toEqual(['ups']);

    const { payments } = await demo.call(listPayments, { query: {} });
    expect(payments.map((p) => p.providerName)).toEqual(['Carlos Gómez']);
    expect(payments[0]?.consignments).toHaveLength(1);
    const { virtualProducts } = await demo.call(listVirtualProducts, { query: {} });
    expect(virtualProducts).toHaveLength(4);
    expect(virtualProducts.every((v) => v.soldCount > 0)).toBe(true);
  });

  it('shows the overview: revenue, stock, deposits, money owed and dead stock from the aggregates', async () => {
    const demo = api(token);
    // The aggregates follow the table's stream: the seed's last writes arrive a moment later.
    const deadline = Date.now() + 15_000;
    let overview: Overview | undefined;
    let owed: number | undefined;
    while (Date.now() < deadline) {
      overview = (await demo.call(getOverview, { query: { period: '12m' } })).overview;
      const { balances } = await demo.call(listProviderBalances, {});
      owed = balances.reduce((sum, b) => sum + b.owed, 0);
      if (overview.totals.sales >= 35 && overview.owedToProviders > 0 && owed > 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (!overview) throw new Error('no overview');
    expect(overview.currency).toBe('EUR');
    expect(overview.totals.sales).toBeGreaterThanOrEqual(35);
    expect(overview.totals.revenue).toBeGreaterThan(0);
    expect(overview.totals.profit).toBeGreaterThan(0);
    expect(overview.totals.marginPercent).toBeGreaterThan(0);
    expect(overview.series.filter((b) => b.revenue > 0).length).toBeGreaterThanOrEqual(6);
    expect(overview.byBrand.length).toBeGreaterThanOrEqual(4);
    expect(overview.topSellers.length).toBeGreaterThan(0);
    // Ana Ruiz's consignment sold through a sale, unpaid (Carlos Gómez's was paid).
    expect(overview.owedToProviders).toBe(23000);
    expect(owed).toBe(23000);
    // Prepaid amounts of the active and found bookings (crm.ts).
    expect(overview.depositsHeld).toBe(13000);
    expect(overview.stock.value).toBeGreaterThan(0);
    expect(overview.deadStock.map((d) => d.sku)).toEqual(
      expect.arrayContaining(['DQ8426-067', 'M2002RDA', 'CT8012-170']),
    );
    expect(overview.deadStock.every((d) => d.daysInStock >= 90)).toBe(true);
  });

  it('shows conversations, two of them unread, and ratings given and received', async () => {
    const demo = api(token);
    const { conversations } = await demo.call(listConversations, { query: {} });
    expect(conversations.length).toBeGreaterThanOrEqual(5);
    const names = conversations.map((c) => c.partner.businessName);
    expect(names).toEqual(expect.arrayContaining(['Kicks Lab Madrid', 'Sneaker District BCN']));
    expect(conversations.some((c) => c.partner.role === 'store')).toBe(true);
    expect(conversations.filter((c) => c.relatedItem !== null).length).toBeGreaterThanOrEqual(3);
    // Most recent first, and the messages span weeks.
    const times = conversations.map((c) => Date.parse(c.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]! - times[times.length - 1]!).toBeGreaterThan(14 * 86_400_000);
    const unread = conversations.filter((c) => c.unreadCount > 0);
    expect(unread.map((c) => c.partner.businessName).sort()).toEqual([
      'Hype Vault Lisboa',
      'Kicks Lab Madrid',
    ]);
    const { unreadTotal } = await demo.call(getUnreadMessages, {});
    expect(unreadTotal).toBe(unread.reduce((sum, c) => sum + c.unreadCount, 0));

    const [latest] = conversations;
    if (!latest) throw new Error('no conversation');
    const { messages } = await demo.call(listMessages, {
      params: { conversationId: latest.id },
      query: {},
    });
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.map((m) => m.seq)).toEqual(messages.map((_, i) => i + 1));
    expect(new Set(messages.map((m) => m.senderUserId))).toEqual(
      new Set([DEMO.userId, latest.partner.userId]),
    );

    // Opening a conversation in demo mode marks nothing read for the next visitor.
    await demo.call(markConversationRead, { params: { conversationId: latest.id } }).catch(() => undefined);
    expect((await demo.call(getUnreadMessages, {})).unreadTotal).toBe(unreadTotal);

    const received = await demo.call(listRatings, { query: { direction: 'received' } });
    const given = await demo.call(listRatings, { query: { direction: 'given' } });
    expect(received.ratings.length).toBeGreaterThanOrEqual(2);
    expect(given.ratings.length).toBeGreaterThanOrEqual(1);
    expect(received.ratings.length + given.ratings.length).toBeGreaterThanOrEqual(4);
    expect([...received.ratings, ...given.ratings].some((r) => r.comment !== null)).toBe(true);
    const { partners } = await demo.call(listTradingPartners, { query: {} });
    expect(partners.some((p) => p.myRating === null)).toBe(true);
    const { summary } = await api().call(getRatingSummary, { params: { userId: DEMO.userId } });
    expect(summary.count).toBe(received.ratings.length);
    expect(summary.average).toBeGreaterThanOrEqual(4);
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

  it("seeds the deals board's partners: their public items the demo store's WTB list wants", async () => {
    // The deals matcher pairs these with the demo store's WTBs (docs/product/deals.md#demo-board).
    const names = async (userId: string, listType: 'wts' | 'wtc') =>
      (await api().call(getPublicList, { params: { userId, listType }, query: {} })).items.map((i) => i.name);
    expect(await names('demo-reseller-hype-vault', 'wts')).toEqual(
      expect.arrayContaining([expect.stringMatching(/Chicago \(2015\)/)]),
    );
    expect(await names('demo-reseller-sole-supply', 'wtc')).toEqual(
      expect.arrayContaining([expect.stringMatching(/Samba/)]),
    );
    const { items } = await api(token).call(listMyItems, { query: { listType: 'wtb' } });
    expect(items.find((i) => i.sku === '555088-101')?.sizes).toEqual(['US 8', 'US 9', 'US 10', 'US 11']);
  });

  it('seeds pricing strategies, an applied run with price history and a preview; refuses a preview', async () => {
    const demo = api(token);
    const { strategies } = await demo.call(listPricingStrategies, {});
    expect(strategies.map((s) => s.schedule).sort()).toEqual(['daily', 'off', 'off']);
    const { runs } = await demo.call(listPricingRuns, { query: {} });
    expect(runs.map((r) => r.status)).toEqual(['previewed', 'applied']);
    const { rows } = await demo.call(listPricingRunRows, {
      params: { runId: runs[0]!.id },
      query: { filter: 'warnings' },
    });
    expect(rows.length).toBeGreaterThan(0);
    const { rows: applied } = await demo.call(listPricingRunRows, {
      params: { runId: runs[1]!.id },
      query: { filter: 'changes' },
    });
    expect(applied.length).toBeGreaterThan(0);
    const { changes } = await demo.call(listItemPriceHistory, {
      params: { itemId: applied[0]!.itemId },
      query: {},
    });
    expect(changes[0]).toMatchObject({ runId: runs[1]!.id, trigger: 'manual', undoneAt: null });
    const refused = await raw(`/api/pricing/strategies/${strategies[0]!.id}/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('DEMO_MODE');
  });
});
