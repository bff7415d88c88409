import { describe, expect, it } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import {
  DEAL_HIDES_MAX,
  DEFAULT_DEAL_SETTINGS,
  getDealSettings,
  hideDeal,
  listHiddenDeals,
  unhideDeal,
  updateDealSettings,
} from '../../src/preferences/domain';
import { preferencesMemory } from './preferences-memory';

const user = (userId: string, isDemo = false): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo,
});
const store = user('store-1');
const other = user('store-2');

describe('deals settings', () => {
  it('answers the defaults before anything is saved, and writes nothing to read them', async () => {
    const { deps, rows } = preferencesMemory();
    expect(await getDealSettings(deps, store)).toEqual({
      dailyDigest: true,
      resaleFeeBasisPoints: 0,
      shippingCents: 0,
    });
    expect(DEFAULT_DEAL_SETTINGS.dailyDigest).toBe(true);
    expect(rows.size).toBe(0);
  });

  it('changes only the fields sent and keeps the rest', async () => {
    const { deps } = preferencesMemory();
    await updateDealSettings(deps, store, { resaleFeeBasisPoints: 1250 });
    const settings = await updateDealSettings(deps, store, { dailyDigest: false });
    expect(settings).toEqual({ dailyDigest: false, resaleFeeBasisPoints: 1250, shippingCents: 0 });
    expect(await getDealSettings(deps, store)).toEqual(settings);
    expect(await getDealSettings(deps, other)).toEqual(DEFAULT_DEAL_SETTINGS);
  });

  it('refuses a demo write with DEMO_MODE and an anonymous read with 401', async () => {
    const { deps } = preferencesMemory();
    await expect(
      updateDealSettings(deps, user('demo-store', true), { shippingCents: 500 }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'DEMO_MODE',
    });
    await expect(getDealSettings(deps, { kind: 'anonymous' })).rejects.toMatchObject({ status: 401 });
  });
});

describe('hiding deals and partners', () => {
  it('hides a deal (labelled by its id) and a partner (by business name), newest first', async () => {
    const { deps } = preferencesMemory();
    const deal = await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-1' });
    const partner = await hideDeal(deps, store, { kind: 'partner', targetId: 'partner-1' });
    expect([deal.created, partner.created]).toEqual([true, true]);
    expect(deal.hide).toMatchObject({ kind: 'deal', targetId: 'deal-1', label: 'deal-1' });
    expect(partner.hide).toMatchObject({ kind: 'partner', targetId: 'partner-1', label: 'Kicks BCN' });
    expect((await listHiddenDeals(deps, store)).map((h) => h.targetId)).toEqual(['partner-1', 'deal-1']);
  });

  it("labels a deal as the caller's board named it, and a partner only by its business name", async () => {
    const { deps } = preferencesMemory();
    const deal = await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-2', label: ' Dunk Low Panda ' });
    const partner = await hideDeal(deps, store, {
      kind: 'partner',
      targetId: 'partner-1',
      label: 'Anything',
    });
    expect(deal.hide.label).toBe('Dunk Low Panda');
    expect(partner.hide.label).toBe('Kicks BCN');
  });

  it('answers the existing hide when the same target is hidden twice', async () => {
    const { deps } = preferencesMemory();
    const first = await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-1' });
    const again = await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-1' });
    expect(again).toEqual({ hide: first.hide, created: false });
    expect(await listHiddenDeals(deps, store)).toHaveLength(1);
  });

  it('404s an unknown partner and refuses hiding oneself', async () => {
    const { deps } = preferencesMemory();
    await expect(hideDeal(deps, store, { kind: 'partner', targetId: 'nobody' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(hideDeal(deps, store, { kind: 'partner', targetId: 'store-1' })).rejects.toMatchObject({
      status: 400,
    });
  });

  it(`caps the hides at ${DEAL_HIDES_MAX} with a 409 HIDES_FULL`, async () => {
    const { deps } = preferencesMemory();
    for (let i = 0; i < DEAL_HIDES_MAX; i++)
      await hideDeal(deps, store, { kind: 'deal', targetId: `d-${i}` });
    await expect(hideDeal(deps, store, { kind: 'deal', targetId: 'one-more' })).rejects.toMatchObject({
      status: 409,
      code: 'HIDES_FULL',
    });
    // A hide already there is still answered when the list is full.
    expect((await hideDeal(deps, store, { kind: 'deal', targetId: 'd-0' })).created).toBe(false);
  });

  it('unhides only the owner’s hide: another user’s id is 404 and changes nothing', async () => {
    const { deps } = preferencesMemory();
    const { hide } = await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-1' });
    await expect(unhideDeal(deps, other, hide.id)).rejects.toMatchObject({ status: 404 });
    expect(await listHiddenDeals(deps, store)).toHaveLength(1);
    expect(await unhideDeal(deps, store, hide.id)).toBe(true);
    expect(await listHiddenDeals(deps, store)).toEqual([]);
    await expect(unhideDeal(deps, store, hide.id)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps a hide made meanwhile in another tab (the losing write re-reads and retries)', async () => {
    const memory = preferencesMemory();
    const { deps, rows } = memory;
    await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-1' });
    memory.raceOnce((userId) => {
      const row = rows.get(userId)!;
      const tab = { ...row, hides: [{ ...row.hides[0]!, id: 'tab-2', targetId: 'deal-2' }, ...row.hides] };
      rows.set(userId, { ...tab, version: row.version + 1 });
    });
    await hideDeal(deps, store, { kind: 'deal', targetId: 'deal-3' });
    expect((await listHiddenDeals(deps, store)).map((h) => h.targetId).sort()).toEqual([
      'deal-1',
      'deal-2',
      'deal-3',
    ]);
  });

  it('refuses demo hides and unhides with DEMO_MODE', async () => {
    const { deps } = preferencesMemory();
    const demo = user('demo-store', true);
    await expect(hideDeal(deps, demo, { kind: 'deal', targetId: 'deal-1' })).rejects.toMatchObject({
      code: 'DEMO_MODE',
    });
    await expect(unhideDeal(deps, demo, 'x')).rejects.toMatchObject({ code: 'DEMO_MODE' });
  });
});
