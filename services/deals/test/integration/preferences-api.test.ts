import { describe, expect, it } from 'vitest';
import {
  getDealSettings,
  hideDeal,
  listHiddenDeals,
  unhideDeal,
  updateDealSettings,
} from '@sneakers/shared/contracts/deals';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { api, rejection } from '../../../../tests/support/cloud-client';
import { trader } from './preferences-support';

describe('deals settings (GET/PATCH /api/deals/settings)', () => {
  it('answers the defaults, keeps what is patched, and is the caller’s own', async () => {
    const store = await trader('Settings Store');
    const other = await trader('Other Store');
    expect(await store.client.call(getDealSettings, {})).toEqual({
      settings: { dailyDigest: true, resaleFeeBasisPoints: 0, shippingCents: 0 },
    });
    await store.client.call(updateDealSettings, { body: { resaleFeeBasisPoints: 1250 } });
    const { settings } = await store.client.call(updateDealSettings, { body: { dailyDigest: false } });
    expect(settings).toEqual({ dailyDigest: false, resaleFeeBasisPoints: 1250, shippingCents: 0 });
    expect(await store.client.call(getDealSettings, {})).toEqual({ settings });
    expect((await other.client.call(getDealSettings, {})).settings.dailyDigest).toBe(true);

    const bad = await rejection(
      store.client.call(updateDealSettings, { body: { resaleFeeBasisPoints: 10_001 } }),
    );
    expect([bad.status, bad.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('hidden deals (POST/GET /api/deals/hidden, DELETE /api/deals/hidden/{hideId})', () => {
  it('hides a deal and a partner, lists them, and only the owner can unhide', async () => {
    const store = await trader('Hiding Store');
    const reseller = await trader('Kicks BCN', { role: 'reseller' });
    const other = await trader('Nosy Store');

    const partner = await store.client.call(hideDeal, {
      body: { kind: 'partner', targetId: reseller.userId },
    });
    expect(partner.hidden).toMatchObject({ kind: 'partner', targetId: reseller.userId, label: 'Kicks BCN' });
    const deal = await store.client.call(hideDeal, { body: { kind: 'deal', targetId: 'deal-wtb1-wts1' } });
    // The same hide again (a retry, another tab) answers the one there is.
    const again = await store.client.call(hideDeal, { body: { kind: 'deal', targetId: 'deal-wtb1-wts1' } });
    expect(again.hidden).toEqual(deal.hidden);

    const { hidden } = await store.client.call(listHiddenDeals, {});
    expect(hidden.map((h) => h.id)).toEqual([deal.hidden.id, partner.hidden.id]);
    expect((await other.client.call(listHiddenDeals, {})).hidden).toEqual([]);

    const foreign = await rejection(other.client.call(unhideDeal, { params: { hideId: deal.hidden.id } }));
    expect(foreign.status).toBe(404);
    expect((await store.client.call(listHiddenDeals, {})).hidden).toHaveLength(2);

    expect(await store.client.call(unhideDeal, { params: { hideId: deal.hidden.id } })).toEqual({
      removed: true,
    });
    expect((await store.client.call(listHiddenDeals, {})).hidden.map((h) => h.id)).toEqual([
      partner.hidden.id,
    ]);
    const gone = await rejection(store.client.call(unhideDeal, { params: { hideId: deal.hidden.id } }));
    expect(gone.status).toBe(404);

    const unknown = await rejection(
      store.client.call(hideDeal, { body: { kind: 'partner', targetId: 'no-such-user' } }),
    );
    expect(unknown.status).toBe(404);
  });

  it('keeps both of two hides sent at once (the row is written on its version)', async () => {
    const store = await trader('Two Tabs Store');
    await Promise.all(
      ['deal-a', 'deal-b', 'deal-c', 'deal-d'].map((targetId) =>
        store.client.call(hideDeal, { body: { kind: 'deal', targetId } }),
      ),
    );
    const { hidden } = await store.client.call(listHiddenDeals, {});
    expect(hidden.map((h) => h.targetId).sort()).toEqual(['deal-a', 'deal-b', 'deal-c', 'deal-d']);
  });

  it('lets Try Demo read and refuses its writes with DEMO_MODE', async () => {
    const demo = api((await api().call(startDemoSession, {})).accessToken);
    expect((await demo.call(getDealSettings, {})).settings).toMatchObject({ dailyDigest: true });
    expect(Array.isArray((await demo.call(listHiddenDeals, {})).hidden)).toBe(true);
    for (const write of [
      () => demo.call(updateDealSettings, { body: { dailyDigest: false } }),
      () => demo.call(hideDeal, { body: { kind: 'deal', targetId: 'deal-1' } }),
      () => demo.call(unhideDeal, { params: { hideId: 'hide-1' } }),
    ]) {
      const refused = await rejection(write());
      expect([refused.status, refused.code]).toEqual([403, 'DEMO_MODE']);
    }
  });
});
