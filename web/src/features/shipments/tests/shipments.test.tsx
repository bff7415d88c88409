import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Sale, Shipment, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { renderApp, type Route } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};

function shipment(over: Partial<Shipment> & Pick<Shipment, 'id'>): Shipment {
  return {
    courier: 'ups',
    trackingNumber: '1Z999AA10123456784',
    shippedDate: null,
    deliveredDate: null,
    notes: null,
    status: 'created',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    link: null,
    linkLabel: null,
    createdAt: '2026-03-01T00:00:00Z',
    updatedAt: '2026-03-01T00:00:00Z',
    ...over,
  };
}

const delivered = shipment({
  id: 'sh-2',
  courier: 'seur',
  trackingNumber: 'SEUR123',
  trackingUrl: 'https://www.seur.com/livetracking/?segOnlineIdentificador=SEUR123',
  shippedDate: '2026-03-02',
  deliveredDate: '2026-03-04',
  status: 'delivered',
  link: { kind: 'sale', id: 'sale-1' },
  linkLabel: 'Jordan 1 Chicago · 42',
});
const loose = shipment({ id: 'sh-1', courier: 'other', trackingNumber: 'HAND-1', trackingUrl: null });

const sale: Sale = {
  id: 'sale-9',
  source: 'inventory',
  itemId: 'item-9',
  providerId: null,
  consignmentId: null,
  orderId: null,
  productCatalogId: null,
  sku: 'DD1391-100',
  name: 'Dunk Low Panda',
  brand: 'Nike',
  colorway: 'White/Black',
  imageUrl: null,
  size: '40',
  quantity: 1,
  salePrice: 15000,
  purchasePrice: 10000,
  fees: 500,
  profit: 4500,
  currency: 'EUR',
  saleDate: '2026-03-03',
  clientId: null,
  buyerName: 'Lucía',
  shippingCarrier: null,
  trackingNumber: null,
  notes: null,
  paymentMethod: null,
  confirmationQueuedAt: null,
  createdAt: '2026-03-03T00:00:00Z',
  updatedAt: '2026-03-03T00:00:00Z',
};

function api(extra: Route): Route {
  return (url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/profile') return Response.json({ profile });
    return undefined;
  };
}

const method = (init: RequestInit | undefined) => init?.method ?? 'GET';

// Whole-app renders: the first one pays for the lazy chunks.
const SLOW = 20_000;

describe('shipments section', () => {
  it(
    'lists shipments with their tracking page, status and link, and filters by status',
    async () => {
      renderApp(
        '/dashboard/shipments',
        api((url) => {
          if (url.pathname === '/api/shipments')
            return Response.json({ shipments: [delivered, loose], cursor: null });
          return undefined;
        }),
        signedIn,
      );
      const rows = await screen.findAllByTestId('shipment-row', {}, { timeout: 20_000 });
      expect(rows).toHaveLength(2);
      const link = within(rows[0]!).getByTestId('shipment-tracking-link');
      expect(link.getAttribute('href')).toBe(delivered.trackingUrl);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(within(rows[0]!).getByTestId('shipment-courier').textContent).toBe('SEUR');
      expect(within(rows[0]!).getByTestId('shipment-status').textContent).toBe('Delivered');
      expect(within(rows[0]!).getByTestId('shipment-link').textContent).toBe('Sale: Jordan 1 Chicago · 42');
      expect(
        within(rows[0]!).getByRole('link', { name: 'Sale: Jordan 1 Chicago · 42' }).getAttribute('href'),
      ).toBe('/dashboard/sale/sale-1');
      // No known page for 'other': the number shows without a link.
      expect(within(rows[1]!).queryByTestId('shipment-tracking-link')).toBeNull();
      expect(within(rows[1]!).getByTestId('shipment-courier').textContent).toBe('Other');
      expect(within(rows[1]!).getByTestId('shipment-link').textContent).toBe('Not associated');

      fireEvent.change(screen.getByTestId('shipments-status-filter'), { target: { value: 'created' } });
      await waitFor(() => expect(screen.getAllByTestId('shipment-row')).toHaveLength(1));
      expect(screen.getByTestId('shipment-tracking-number').textContent).toBe('HAND-1');
      fireEvent.change(screen.getByTestId('shipments-status-filter'), { target: { value: 'shipped' } });
      expect(await screen.findByText('No shipments with this status.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "says 'Failed to load shipments' when the list cannot load",
    async () => {
      renderApp(
        '/dashboard/shipments',
        api((url) =>
          url.pathname === '/api/shipments'
            ? Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 })
            : undefined,
        ),
        signedIn,
      );
      expect(await screen.findByTestId('shipments-error', {}, { timeout: 20_000 })).toBeTruthy();
      await waitFor(() =>
        expect(screen.getAllByText('Failed to load shipments').length).toBeGreaterThanOrEqual(2),
      );
    },
    SLOW,
  );

  it(
    'associates an unassociated shipment with a sale through the item selection modal',
    async () => {
      const associations: unknown[] = [];
      let failNext = true;
      renderApp(
        '/dashboard/shipments',
        api((url, init) => {
          if (url.pathname === '/api/shipments') {
            if (url.searchParams.get('unassociated') === 'true')
              return Response.json({ shipments: associations.length > 1 ? [] : [loose], cursor: null });
            return Response.json({ shipments: [loose], cursor: null });
          }
          if (url.pathname === '/api/sales') return Response.json({ sales: [sale], cursor: null });
          if (url.pathname === '/api/shipments/sh-1/associate' && method(init) === 'POST') {
            associations.push(JSON.parse(String(init?.body)));
            if (failNext) {
              failNext = false;
              return Response.json(
                { error: { code: 'SHIPMENT_ALREADY_ASSOCIATED', message: 'Already associated.' } },
                { status: 409 },
              );
            }
            return Response.json({
              shipment: { ...loose, link: { kind: 'sale', id: 'sale-9' }, linkLabel: 'Dunk Low Panda · 40' },
            });
          }
          return undefined;
        }),
        signedIn,
      );
      fireEvent.click(await screen.findByTestId('shipments-tab-unassociated', {}, { timeout: 20_000 }));
      const panel = await screen.findByTestId('shipments-panel-unassociated');
      fireEvent.click(await within(panel).findByTestId('shipment-associate'));

      let dialog = await screen.findByTestId('shipment-item-select-dialog');
      expect((within(dialog).getByTestId('shipment-item-select-kind') as HTMLSelectElement).value).toBe(
        'sale',
      );
      fireEvent.click(await within(dialog).findByText('Dunk Low Panda · 40'));
      expect(await screen.findByText('Failed to associate shipment')).toBeTruthy();

      fireEvent.click(await within(panel).findByTestId('shipment-associate'));
      dialog = await screen.findByTestId('shipment-item-select-dialog');
      fireEvent.change(within(dialog).getByTestId('shipment-item-select-search'), {
        target: { value: 'lucía' },
      });
      fireEvent.click(await within(dialog).findByText('Dunk Low Panda · 40'));
      expect(await screen.findByText('Shipment associated successfully')).toBeTruthy();
      expect(associations).toEqual([
        { kind: 'sale', id: 'sale-9' },
        { kind: 'sale', id: 'sale-9' },
      ]);
      await waitFor(() => expect(screen.queryByTestId('shipment-item-select-dialog')).toBeNull());
      expect(await within(panel).findByText('Every shipment is associated.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "creates a shipment: the server's format error on the field, one idempotency key per opening",
    async () => {
      const calls: Array<{ body: unknown; key: string | null }> = [];
      renderApp(
        '/dashboard/shipments',
        api((url, init) => {
          if (url.pathname !== '/api/shipments') return undefined;
          if (method(init) !== 'POST') return Response.json({ shipments: [], cursor: null });
          calls.push({
            body: JSON.parse(String(init?.body)),
            key: new Headers(init?.headers).get('idempotency-key'),
          });
          if (calls.length === 1)
            return Response.json(
              {
                error: {
                  code: 'INVALID_TRACKING_NUMBER',
                  message: 'Not a UPS tracking number',
                  fields: { trackingNumber: ['Not a UPS tracking number'] },
                },
              },
              { status: 400 },
            );
          return Response.json({ shipment: shipment({ id: 'sh-new' }) });
        }),
        signedIn,
      );
      fireEvent.click(await screen.findByTestId('shipment-add', {}, { timeout: 20_000 }));
      const dialog = await screen.findByTestId('shipment-form-dialog');
      fireEvent.click(within(dialog).getByTestId('shipment-form-submit'));
      expect(await within(dialog).findByText('Tracking number is required')).toBeTruthy();

      fireEvent.change(within(dialog).getByTestId('shipment-form-trackingNumber'), {
        target: { value: '123' },
      });
      fireEvent.change(within(dialog).getByTestId('shipment-form-shippedDate'), {
        target: { value: '2026-03-05' },
      });
      fireEvent.change(within(dialog).getByTestId('shipment-form-deliveredDate'), {
        target: { value: '2026-03-04' },
      });
      fireEvent.click(within(dialog).getByTestId('shipment-form-submit'));
      expect(
        await within(dialog).findByText('The delivered date cannot be before the shipped date'),
      ).toBeTruthy();
      expect(calls).toEqual([]);

      fireEvent.change(within(dialog).getByTestId('shipment-form-deliveredDate'), { target: { value: '' } });
      fireEvent.click(within(dialog).getByTestId('shipment-form-submit'));
      expect(await within(dialog).findByText('Not a UPS tracking number')).toBeTruthy();
      expect(within(dialog).getByTestId('shipment-form-trackingNumber').getAttribute('aria-invalid')).toBe(
        'true',
      );

      fireEvent.change(within(dialog).getByTestId('shipment-form-trackingNumber'), {
        target: { value: '1Z999AA10123456784' },
      });
      fireEvent.click(within(dialog).getByTestId('shipment-form-submit'));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]!.body).toEqual({
        courier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        shippedDate: '2026-03-05',
        deliveredDate: null,
        notes: null,
        link: null,
      });
      expect(calls[0]!.key).toBeTruthy();
      expect(calls[1]!.key).toBe(calls[0]!.key);
      expect(await screen.findByText('Shipment created')).toBeTruthy();
      await waitFor(() => expect(screen.queryByTestId('shipment-form-dialog')).toBeNull());
    },
    SLOW,
  );

  it(
    'marks a shipment delivered by editing it and deletes one after confirming',
    async () => {
      const patches: unknown[] = [];
      let deleted = false;
      const shipped = shipment({ id: 'sh-3', shippedDate: '2026-03-01', status: 'shipped' });
      renderApp(
        '/dashboard/shipments',
        api((url, init) => {
          if (url.pathname === '/api/shipments')
            return Response.json({ shipments: deleted ? [] : [shipped], cursor: null });
          if (url.pathname === '/api/shipments/sh-3' && method(init) === 'PATCH') {
            patches.push(JSON.parse(String(init?.body)));
            return Response.json({
              shipment: { ...shipped, deliveredDate: '2026-03-03', status: 'delivered' },
            });
          }
          if (url.pathname === '/api/shipments/sh-3' && method(init) === 'DELETE') {
            deleted = true;
            return Response.json({ deleted: true });
          }
          return undefined;
        }),
        signedIn,
      );
      fireEvent.click(await screen.findByTestId('shipment-edit', {}, { timeout: 20_000 }));
      const dialog = await screen.findByTestId('shipment-form-dialog');
      expect((within(dialog).getByTestId('shipment-form-shippedDate') as HTMLInputElement).value).toBe(
        '2026-03-01',
      );
      expect(within(dialog).queryByTestId('shipment-form-link')).toBeNull();
      fireEvent.change(within(dialog).getByTestId('shipment-form-deliveredDate'), {
        target: { value: '2026-03-03' },
      });
      fireEvent.click(within(dialog).getByTestId('shipment-form-submit'));
      await waitFor(() => expect(patches).toHaveLength(1));
      expect(patches[0]).toEqual({
        courier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        shippedDate: '2026-03-01',
        deliveredDate: '2026-03-03',
        notes: null,
      });
      expect(await screen.findByText('Shipment updated')).toBeTruthy();

      fireEvent.click(screen.getByTestId('shipment-delete'));
      const confirm = await screen.findByTestId('shipment-delete-dialog');
      expect(deleted).toBe(false);
      fireEvent.click(within(confirm).getByTestId('shipment-delete-confirm'));
      expect(await screen.findByText('Shipment deleted')).toBeTruthy();
      expect(await screen.findByText('No shipments yet.')).toBeTruthy();
    },
    SLOW,
  );
});
