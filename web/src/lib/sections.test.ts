import { describe, expect, it } from 'vitest';
import { resolveDashboardLocation, sectionHref, SECTION_IDS } from './sections';

describe('dashboard section resolution', () => {
  it('opens the overview on /dashboard and /', () => {
    expect(resolveDashboardLocation('/dashboard')).toEqual({ section: 'dashboard' });
    expect(resolveDashboardLocation('/dashboard/')).toEqual({ section: 'dashboard' });
    expect(resolveDashboardLocation('/')).toEqual({ section: 'dashboard' });
  });

  it.each([
    '/dashboard/no-such-thing',
    '/dashboard/nonexistent',
    '/dashboard/constructor',
    '/dashboard/__proto__',
    '/dashboard/toString',
    '/dashboard/hasOwnProperty',
    '/dashboard/clients/c-1/extra',
    '/dashboard/providers/p-1/other',
    '/dashboard/inventory/anything',
    '/dashboard/sale',
    '/dashboard/offers/anonymous/a-1/more',
    '/dashboard/%E0%A4%A',
  ])('answers null (the not-found page) for the unknown path %s', (path) => {
    expect(resolveDashboardLocation(path)).toBeNull();
  });

  it('lets a known ?page= open its section even on an unknown path', () => {
    expect(resolveDashboardLocation('/dashboard/nonexistent', '?page=admin')).toEqual({ section: 'admin' });
    expect(resolveDashboardLocation('/dashboard/nonexistent', '?page=constructor')).toBeNull();
  });

  it.each([
    ['/dashboard/clients', 'clients'],
    ['/dashboard/inventory', 'inventory'],
    ['/dashboard/catalog-v2', 'catalog'],
    ['/dashboard/data-population-v2', 'data-population'],
    ['/dashboard/lists', 'lists'],
    ['/dashboard/size-chart', 'size-chart'],
    ['/dashboard/api-playground', 'api-playground'],
  ])('picks the section from the path %s', (path, section) => {
    expect(resolveDashboardLocation(path)?.section).toBe(section);
  });

  it.each([
    ['matching', 'deals'],
    ['deals', 'deals'],
    ['catalog-v2', 'catalog'],
    ['products', 'catalog'],
    ['inventory-v3', 'inventory'],
    ['online-store', 'online-store'],
    ['admin', 'admin'],
    ['settings', 'settings'],
  ])('picks the section from ?page=%s', (page, section) => {
    expect(resolveDashboardLocation('/dashboard', `?page=${page}`)).toEqual({ section });
    expect(resolveDashboardLocation('/', `?page=${page}`)).toEqual({ section });
  });

  it('ignores an unknown ?page= and falls back to the path', () => {
    expect(resolveDashboardLocation('/dashboard/orders', '?page=nope')).toEqual({ section: 'orders' });
  });

  it.each([
    ['/dashboard/clients/c-1', 'clients', 'client', 'c-1'],
    ['/dashboard/bookings/b-7', 'bookings', 'booking', 'b-7'],
    ['/dashboard/providers/p-2', 'providers', 'provider', 'p-2'],
    ['/dashboard/providers/p-2/pickup', 'providers', 'providerPickup', 'p-2'],
    ['/dashboard/inventory-item/i-3', 'inventory', 'inventoryItem', 'i-3'],
    ['/dashboard/virtual-product/v-4', 'virtual-products', 'virtualProduct', 'v-4'],
    ['/dashboard/wtb-item/w-5', 'wtb', 'wtbItem', 'w-5'],
    ['/dashboard/wtc-item/w-6', 'wtc', 'wtcItem', 'w-6'],
    ['/dashboard/wts-item/s-7', 'wts', 'wtsItem', 's-7'],
    ['/dashboard/sale/s-8', 'sales', 'sale', 's-8'],
    ['/dashboard/payments/pay-9', 'payments', 'payment', 'pay-9'],
    ['/dashboard/order/o-10', 'orders', 'order', 'o-10'],
  ])('resolves the detail page %s', (path, section, kind, id) => {
    expect(resolveDashboardLocation(path)).toEqual({ section, detail: { kind, id } });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype'])(
    'reads a segment or page named %s like any unknown name, not as an inherited member',
    (name) => {
      const unknown = resolveDashboardLocation('/dashboard/nonexistent/x-1');
      expect(resolveDashboardLocation(`/dashboard/${name}/x-1`)).toEqual(unknown);
      expect(resolveDashboardLocation(`/dashboard/${name}`)).toEqual(
        resolveDashboardLocation('/dashboard/nonexistent'),
      );
      expect(resolveDashboardLocation('/dashboard', `?page=${name}`)).toEqual(
        resolveDashboardLocation('/dashboard', '?page=nonexistent'),
      );
    },
  );

  it('links every section to an address that resolves back to it', () => {
    for (const id of SECTION_IDS) {
      const href = new URL(sectionHref(id), 'http://x');
      expect(resolveDashboardLocation(href.pathname, href.search)?.section).toBe(id);
    }
  });
});
