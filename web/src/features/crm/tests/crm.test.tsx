import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup';
import type { Booking, Client, Item, SharedBooking, UserProfile } from '@sneakers/shared';
import { demoFallbackProfile } from '../../../lib/demo/demo-fallback-profile';
import { recordInvalidations } from '../../../test/invalidations';
import { renderApp } from '../../../test/render-app';

const signedIn = { status: 'signed-in' as const, userId: 'u-1', email: 'kicks@example.com' };
const profile: UserProfile = {
  ...demoFallbackProfile(new Date('2026-01-01T00:00:00Z')),
  id: 'p-1',
  userId: 'u-1',
  businessName: 'Kicks Madrid',
  currency: 'EUR',
};
const client: Client = {
  id: 'c-1',
  name: 'Ana García',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  instagramHandle: 'ana.kicks',
  bookingCount: 2,
  createdAt: '2026-01-15T10:00:00Z',
  updatedAt: '2026-01-15T10:00:00Z',
};
const booking: Booking = {
  id: 'b-1',
  clientId: 'c-1',
  client: {
    id: 'c-1',
    name: client.name,
    email: client.email,
    phone: client.phone,
    instagramHandle: client.instagramHandle,
  },
  itemSku: 'DD1391-100',
  itemName: 'Dunk Low Panda',
  itemBrand: 'Nike',
  itemColorway: 'White/Black',
  itemImageUrl: 'https://img.example.com/dunk.png',
  size: '42',
  productVariantId: null,
  salePrice: 15000,
  prepaidAmount: 5000,
  currency: 'EUR',
  status: 'active',
  notes: 'Call before',
  shareId: 'share-0123456789abcdef',
  createdAt: '2026-02-01T10:00:00Z',
  updatedAt: '2026-02-01T10:00:00Z',
};

const wtbItem: Item = {
  id: 'it-1',
  userId: 'u-1',
  listType: 'wtb',
  status: 'pending',
  visibility: 'public',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: 'b-1',
  sku: booking.itemSku,
  name: booking.itemName,
  brand: booking.itemBrand,
  colorway: booking.itemColorway,
  imageUrl: booking.itemImageUrl,
  sizes: [booking.size],
  targetPrice: booking.salePrice,
  desiredPrice: null,
  askingPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: null,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-02-02T10:00:00Z',
  updatedAt: '2026-02-02T10:00:00Z',
};

type Call = { method: string; path: string; search: string; body: unknown; headers: Headers };

function json(init: RequestInit | undefined): unknown {
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

function crmRoutes(
  calls: Call[],
  overrides: Record<string, (init?: RequestInit) => Response | Promise<Response> | undefined> = {},
) {
  return (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      search: url.search,
      body: json(init),
      headers: new Headers(init?.headers),
    });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(init);
    if (url.pathname === '/api/profile') return Response.json({ profile });
    if (url.pathname === '/api/clients' && method === 'GET')
      return Response.json({ clients: [client], cursor: null });
    if (url.pathname === '/api/clients/c-1' && method === 'GET')
      return Response.json({ client, bookings: [booking] });
    if (url.pathname === '/api/bookings' && method === 'GET')
      return Response.json({ bookings: [booking], cursor: null });
    if (url.pathname === '/api/bookings/b-1' && method === 'GET') return Response.json({ booking });
    return undefined;
  };
}

describe('CRM: clients', { timeout: 15_000 }, () => {
  it('lists and searches clients, validates the form and shows the API field errors, then creates', async () => {
    const calls: Call[] = [];
    let attempts = 0;
    renderApp(
      '/dashboard/clients',
      crmRoutes(calls, {
        'POST /api/clients': (init) => {
          attempts += 1;
          if (attempts === 1)
            return Response.json(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'The request is not valid.',
                  fields: { phone: ['Phone looks wrong'] },
                },
              },
              { status: 400 },
            );
          const body = json(init) as Partial<Client>;
          return Response.json({ client: { ...client, ...body, id: 'c-2', bookingCount: 0 } });
        },
      }),
      signedIn,
    );
    // The first render loads the CRM chunk and its strings: slow on a busy machine.
    const row = await screen.findByTestId('client-row', {}, { timeout: 20_000 });
    expect(within(row).getByText('Ana García')).toBeTruthy();
    expect(within(row).getByText('2 bookings')).toBeTruthy();

    fireEvent.change(screen.getByTestId('clients-search'), { target: { value: '@ana.KICKS' } });
    expect(screen.getAllByTestId('client-row')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('clients-search'), { target: { value: 'nobody' } });
    expect(screen.getByTestId('clients-empty').textContent).toContain('No clients match');
    fireEvent.change(screen.getByTestId('clients-search'), { target: { value: '' } });

    fireEvent.click(screen.getByTestId('clients-new'));
    const dialog = await screen.findByTestId('client-dialog');
    expect(within(dialog).getByTestId('client-form-instagramHandle').getAttribute('placeholder')).toBe(
      '@username',
    );
    fireEvent.click(within(dialog).getByTestId('client-form-submit'));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('Phone is required')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('client-form-name'), { target: { value: 'Bea' } });
    fireEvent.change(within(dialog).getByTestId('client-form-email'), { target: { value: 'bea@' } });
    fireEvent.change(within(dialog).getByTestId('client-form-phone'), { target: { value: '611' } });
    fireEvent.click(within(dialog).getByTestId('client-form-submit'));
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('client-form-email'), {
      target: { value: 'Bea@Example.com' },
    });
    fireEvent.change(within(dialog).getByTestId('client-form-instagramHandle'), {
      target: { value: '@bea' },
    });
    fireEvent.click(within(dialog).getByTestId('client-form-submit'));
    expect(await within(dialog).findByText('Phone looks wrong')).toBeTruthy();
    expect(await screen.findByText('Failed to create clients')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('client-form-submit'));
    expect(await screen.findByText('Client created successfully')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/clients');
    expect(posts[1]?.body).toEqual({
      name: 'Bea',
      email: 'Bea@Example.com',
      phone: '611',
      instagramHandle: '@bea',
    });
    await waitFor(() => expect(screen.queryByTestId('client-dialog')).toBeNull());
  });

  it('says how many bookings go with a deleted client', async () => {
    const calls: Call[] = [];
    renderApp(
      '/dashboard/clients',
      crmRoutes(calls, {
        'DELETE /api/clients/c-1': () => Response.json({ deleted: true, bookingsDeleted: 2 }),
      }),
      signedIn,
    );
    fireEvent.click(within(await screen.findByTestId('client-row')).getByTestId('client-delete'));
    const confirm = await screen.findByTestId('crm-confirm-dialog');
    expect(confirm.textContent).toContain('together with their 2 bookings');
    fireEvent.click(within(confirm).getByTestId('crm-confirm'));
    expect(await screen.findByText('Client deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/clients/c-1')).toBe(true);
  });

  it('previews a CSV import with a bad row and sends only the valid rows', async () => {
    const calls: Call[] = [];
    renderApp(
      '/dashboard/clients',
      crmRoutes(calls, {
        'POST /api/clients/import': () => Response.json({ created: 1, updated: 1, errors: [] }),
      }),
      signedIn,
    );
    await screen.findByTestId('client-row');
    fireEvent.click(screen.getByTestId('clients-import'));
    const dialog = await screen.findByTestId('client-import-dialog');
    const csv =
      'name,email,phone,instagram\r\n"García, Ana",ana@example.com,600,@ana\r\nBad Row,not-an-email,,\r\nLuis,luis@example.com,611,\r\n';
    const file = new File([csv], 'clients.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('client-import-file'), { target: { files: [file] } });
    const rows = await within(dialog).findAllByTestId('client-import-row');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.getAttribute('data-valid'))).toEqual(['true', 'false', 'true']);
    expect(within(rows[0]!).getByText('García, Ana')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('client-import-row-status').textContent).toContain('email');
    expect(within(dialog).getByTestId('client-import-summary').textContent).toContain(
      '3 rows, 2 valid, 1 with errors',
    );

    fireEvent.click(within(dialog).getByTestId('client-import-start'));
    expect((await within(dialog).findByTestId('client-import-result')).textContent).toContain(
      '1 created, 1 updated',
    );
    const progress = within(dialog).getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('2');
    expect(progress.getAttribute('aria-valuemax')).toBe('2');
    const sent = calls.filter((c) => c.path === '/api/clients/import');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      rows: [
        { name: 'García, Ana', email: 'ana@example.com', phone: '600', instagramHandle: '@ana' },
        { name: 'Luis', email: 'luis@example.com', phone: '611' },
      ],
    });
  });
});

describe('CRM: client detail and bookings', { timeout: 15_000 }, () => {
  it('shows the client with bookings and books with the client locked', async () => {
    const calls: Call[] = [];
    renderApp(
      '/client/c-1',
      crmRoutes(calls, {
        'POST /api/bookings': (init) =>
          Response.json({ booking: { ...booking, id: 'b-2', ...(json(init) as object) } }),
      }),
      signedIn,
    );
    const detail = await screen.findByTestId('client-detail');
    expect(within(detail).getByTestId('client-name').textContent).toBe('Ana García');
    expect(within(detail).getByTestId('client-since').textContent).toContain('Client since');
    expect(within(detail).getByText('@ana.kicks')).toBeTruthy();
    expect(within(detail).getByTestId('client-bookings-count').textContent).toBe('(1)');
    const card = within(detail).getByTestId('booking-card');
    expect(within(card).getByText('DD1391-100')).toBeTruthy();
    expect(within(card).getByTestId('booking-status-badge').textContent).toBe('Active');

    fireEvent.click(within(detail).getByTestId('client-new-booking'));
    const dialog = await screen.findByTestId('booking-form-dialog');
    const select = within(dialog).getByTestId('booking-form-client') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('c-1');
    expect((within(dialog).getByTestId('booking-form-new-client') as HTMLButtonElement).disabled).toBe(true);
    const submit = within(dialog).getByTestId('booking-form-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.change(within(dialog).getByTestId('booking-form-itemSku'), { target: { value: 'ABC-1' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-itemName'), { target: { value: 'Samba' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('booking-form-size'), { target: { value: '43' } });
    expect(submit.disabled).toBe(false);
    const salePrice = within(dialog).getByTestId('booking-form-salePrice');
    expect(salePrice.getAttribute('step')).toBe('0.01');
    expect(salePrice.getAttribute('min')).toBe('0');
    fireEvent.change(salePrice, { target: { value: '120.50' } });
    expect(within(dialog).queryByTestId('booking-form-prepaid-line')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('booking-form-prepaidAmount'), { target: { value: '20' } });
    expect(within(dialog).getByTestId('booking-form-prepaid-line')).toBeTruthy();
    expect(within(dialog).getByTestId('booking-form-remaining').textContent).toBe('€100.50');
    fireEvent.click(submit);
    expect(await screen.findByText('Booking created successfully')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/bookings');
    expect(post?.body).toMatchObject({
      clientId: 'c-1',
      itemSku: 'ABC-1',
      itemName: 'Samba',
      size: '43',
      salePrice: 12050,
      prepaidAmount: 2000,
      currency: 'EUR',
    });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('says when a client is not found', async () => {
    renderApp('/dashboard/clients/nope', crmRoutes([]), signedIn);
    expect((await screen.findByTestId('client-not-found')).textContent).toContain('Client not found');
    expect(screen.getByTestId('client-back').getAttribute('href')).toBe('/dashboard');
  });

  it('changes a booking status and publishes a WTB item at the price the store confirms', async () => {
    const calls: Call[] = [];
    let current = booking;
    let posts = 0;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { queryClient } = renderApp(
      '/dashboard/bookings/b-1',
      crmRoutes(calls, {
        'GET /api/bookings/b-1': () => Response.json({ booking: current }),
        'GET /api/bookings': () => Response.json({ bookings: [current], cursor: null }),
        'GET /api/items': () => Response.json({ items: [], cursor: null }),
        'PATCH /api/bookings/b-1': (init) => {
          current = { ...current, ...(json(init) as Partial<Booking>) };
          return Response.json({ booking: current });
        },
        'POST /api/items': async (init) => {
          posts += 1;
          await answered;
          const body = json(init) as Pick<Item, 'targetPrice'>;
          return Response.json(
            { item: { ...wtbItem, id: 'it-9', targetPrice: body.targetPrice }, created: true },
            { status: 201 },
          );
        },
      }),
      signedIn,
    );
    const invalidated = recordInvalidations(queryClient);
    const dialog = await screen.findByTestId('booking-details');
    expect(await within(dialog).findByTestId('booking-details-name')).toBeTruthy();
    expect(within(dialog).getByTestId('booking-details-remaining').textContent).toBe('€100.00');
    fireEvent.change(within(dialog).getByTestId('booking-status-select'), { target: { value: 'found' } });
    expect(await screen.findByText('Booking updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'found' });
    // A booking's status or deposit moves the overview's deposits held.
    expect(invalidated).toContainEqual(['overview']);
    await waitFor(() =>
      expect(within(dialog).getByTestId('booking-status-badge').getAttribute('data-status')).toBe('found'),
    );

    // Nothing is published before the store confirms the price, prefilled with the sale price.
    fireEvent.click(within(dialog).getByTestId('booking-create-wtb'));
    const wtb = await screen.findByTestId('booking-wtb-dialog');
    const price = within(wtb).getByTestId('booking-wtb-price') as HTMLInputElement;
    expect(price.value).toBe('150.00');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(price, { target: { value: '12.345' } });
    fireEvent.click(within(wtb).getByTestId('booking-wtb-confirm'));
    expect((await within(wtb).findByRole('alert')).textContent).toContain('at most 2 decimals');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(price, { target: { value: '140' } });
    const confirm = within(wtb).getByTestId('booking-wtb-confirm') as HTMLButtonElement;
    fireEvent.click(confirm);
    // No double submit while the request runs.
    await waitFor(() => expect(confirm.disabled).toBe(true));
    fireEvent.click(confirm);
    fireEvent.submit(within(wtb).getByTestId('booking-wtb-form'));
    release();
    expect(await screen.findByText('WTB item created from booking')).toBeTruthy();
    expect(posts).toBe(1);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/items');
    expect(post?.body).toEqual({
      listType: 'wtb',
      sku: 'DD1391-100',
      name: 'Dunk Low Panda',
      brand: 'Nike',
      colorway: 'White/Black',
      imageUrl: 'https://img.example.com/dunk.png',
      sizes: ['42'],
      targetPrice: 14000,
      currency: 'EUR',
      bookingId: 'b-1',
      visibility: 'public',
      status: 'pending',
    });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('booking-wtb-dialog')).toBeNull());
    // The booking now has its item: the button opens it instead of making another.
    expect(within(dialog).queryByTestId('booking-create-wtb')).toBeNull();
    expect(within(dialog).getByTestId('booking-open-wtb').textContent).toBe('Open WTB item');
  });

  it('a booking that already has a WTB item opens it, whether the list or the API says so', async () => {
    const known = renderApp(
      '/dashboard/bookings/b-1',
      crmRoutes([], {
        'GET /api/items': () =>
          Response.json({ items: [{ ...wtbItem, bookingId: 'b-0', id: 'it-0' }, wtbItem], cursor: null }),
      }),
      signedIn,
    );
    const details = await screen.findByTestId('booking-details');
    fireEvent.click(await within(details).findByTestId('booking-open-wtb'));
    await waitFor(() => expect(known.router.state.location.pathname).toBe('/dashboard/wtb-item/it-1'));
    cleanup();

    const calls: Call[] = [];
    const raced = renderApp(
      '/dashboard/bookings/b-1',
      crmRoutes(calls, {
        'GET /api/items': () => Response.json({ items: [], cursor: null }),
        'POST /api/items': () => Response.json({ item: wtbItem, created: false }, { status: 200 }),
      }),
      signedIn,
    );
    const fresh = await screen.findByTestId('booking-details');
    fireEvent.click(await within(fresh).findByTestId('booking-create-wtb'));
    fireEvent.click(await screen.findByTestId('booking-wtb-confirm'));
    expect(await screen.findByText('This booking already has a WTB item: opening it')).toBeTruthy();
    await waitFor(() => expect(raced.router.state.location.pathname).toBe('/dashboard/wtb-item/it-1'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says the client will be emailed, and the switch keeps this save from the client', async () => {
    const calls: Call[] = [];
    renderApp(
      '/client/c-1',
      crmRoutes(calls, {
        'POST /api/bookings': (init) =>
          Response.json({ booking: { ...booking, id: 'b-2', ...(json(init) as object) } }),
      }),
      signedIn,
    );
    fireEvent.click(await screen.findByTestId('client-new-booking'));
    const dialog = await screen.findByTestId('booking-form-dialog');
    const notice = within(dialog).getByTestId('booking-form-notify');
    expect(notice.textContent).toContain('The client will be emailed a confirmation at ana@example.com.');
    const toggle = within(dialog).getByTestId('booking-form-notify-switch') as HTMLInputElement;
    expect(toggle.getAttribute('role')).toBe('switch');
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(notice.textContent).toContain('The client will not be emailed this time.');
    fireEvent.change(within(dialog).getByTestId('booking-form-itemSku'), { target: { value: 'ABC-1' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-itemName'), { target: { value: 'Samba' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-size'), { target: { value: '43' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-salePrice'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByTestId('booking-form-submit'));
    expect(await screen.findByText('Booking created successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ notifyClient: false });
  });

  it('editing: the switch is on by default and says the client gets the changes; no email, no switch', async () => {
    const calls: Call[] = [];
    renderApp(
      '/dashboard/bookings/b-1',
      crmRoutes(calls, {
        'GET /api/items': () => Response.json({ items: [], cursor: null }),
        'PATCH /api/bookings/b-1': (init) =>
          Response.json({ booking: { ...booking, ...(json(init) as Partial<Booking>) } }),
      }),
      signedIn,
    );
    const dialog = await screen.findByTestId('booking-details');
    fireEvent.click(await within(dialog).findByTestId('booking-edit'));
    expect(within(dialog).getByTestId('booking-form-notify').textContent).toContain(
      'The client will be emailed about the changes at ana@example.com.',
    );
    fireEvent.change(within(dialog).getByTestId('booking-form-size'), { target: { value: '43' } });
    fireEvent.click(within(dialog).getByTestId('booking-form-submit'));
    expect(await screen.findByText('Booking updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ size: '43', notifyClient: true });
    cleanup();

    const silent = { ...booking, client: { ...booking.client, email: '' } };
    renderApp(
      '/dashboard/bookings/b-1',
      crmRoutes([], {
        'GET /api/bookings/b-1': () => Response.json({ booking: silent }),
        'GET /api/bookings': () => Response.json({ bookings: [silent], cursor: null }),
        'GET /api/items': () => Response.json({ items: [], cursor: null }),
      }),
      signedIn,
    );
    const again = await screen.findByTestId('booking-details');
    fireEvent.click(await within(again).findByTestId('booking-edit'));
    expect(within(again).getByTestId('booking-form')).toBeTruthy();
    expect(within(again).queryByTestId('booking-form-notify')).toBeNull();
  });

  it('filters bookings by status', async () => {
    const calls: Call[] = [];
    renderApp('/dashboard/bookings', crmRoutes(calls), signedIn);
    await screen.findByTestId('booking-card');
    fireEvent.click(screen.getByTestId('bookings-filter-completed'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/bookings' && c.search.includes('status=completed'))).toBe(
        true,
      ),
    );
    expect(screen.getByTestId('bookings-filter-completed').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('CRM: shared booking page', { timeout: 15_000 }, () => {
  const shared: SharedBooking = {
    itemSku: booking.itemSku,
    itemName: booking.itemName,
    itemBrand: booking.itemBrand,
    itemColorway: booking.itemColorway,
    itemImageUrl: null,
    size: '42',
    salePrice: 15000,
    prepaidAmount: 5000,
    currency: 'EUR',
    status: 'found',
    clientName: 'Ana García',
    createdAt: '2026-02-01T10:00:00Z',
    store: {
      businessName: 'Kicks Madrid',
      contactEmail: 'hola@kicks.example',
      phone: '+34 910 000 000',
      instagramHandle: 'kicksmadrid',
      location: 'Madrid',
    },
  };

  it('shows the booking to anyone with the link', async () => {
    renderApp('/booking/share-0123456789abcdef', (url) =>
      url.pathname === '/api/shared-bookings/share-0123456789abcdef'
        ? Response.json({ booking: shared })
        : undefined,
    );
    const page = await screen.findByTestId('shared-booking');
    expect(within(page).getByTestId('shared-booking-store').textContent).toBe('Kicks Madrid');
    expect(within(page).getByText('hola@kicks.example')).toBeTruthy();
    expect(within(page).getByTestId('booking-status-badge').textContent).toBe('Found');
    expect(within(page).getByTestId('shared-booking-sale').textContent).toBe('€150.00');
    expect(within(page).getByTestId('shared-booking-prepaid').textContent).toBe('€50.00');
    expect(within(page).getByTestId('shared-booking-remaining').textContent).toBe('€100.00');
  });

  it('leaves out the prepaid and remaining lines when nothing was prepaid (shared booking money rule)', async () => {
    renderApp('/booking/share-0123456789abcdef', (url) =>
      url.pathname === '/api/shared-bookings/share-0123456789abcdef'
        ? Response.json({ booking: { ...shared, prepaidAmount: 0 } })
        : undefined,
    );
    const page = await screen.findByTestId('shared-booking');
    expect(within(page).getByTestId('shared-booking-sale').textContent).toBe('€150.00');
    expect(within(page).queryByTestId('shared-booking-prepaid')).toBeNull();
    expect(within(page).queryByTestId('shared-booking-remaining')).toBeNull();
  });

  it('says a bad link is not found', async () => {
    renderApp('/booking/does-not-exist-at-all');
    expect((await screen.findByTestId('shared-booking-not-found')).textContent).toContain(
      'Booking not found',
    );
  });
});

describe('CRM: list states and booking money', { timeout: 15_000 }, () => {
  it("shows the bookings' own load error with a retry", async () => {
    let fail = true;
    renderApp(
      '/dashboard/bookings',
      crmRoutes([], {
        'GET /api/bookings': () =>
          fail
            ? Response.json({ error: { code: 'INTERNAL', message: 'Boom' } }, { status: 500 })
            : Response.json({ bookings: [booking], cursor: null }),
      }),
      signedIn,
    );
    const error = await screen.findByTestId('bookings-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Failed to load bookings');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('booking-card')).toBeTruthy();
  });

  it('says when the prepaid amount is above the sale price, and never shows a negative remaining', async () => {
    renderApp('/dashboard/clients/c-1', crmRoutes([]), signedIn);
    fireEvent.click(await screen.findByTestId('client-new-booking'));
    const dialog = await screen.findByTestId('booking-form-dialog');
    fireEvent.change(within(dialog).getByTestId('booking-form-salePrice'), { target: { value: '100' } });
    fireEvent.change(within(dialog).getByTestId('booking-form-prepaidAmount'), { target: { value: '150' } });
    expect(within(dialog).getByTestId('booking-form-remaining').textContent).toBe('€0.00');
    expect(within(dialog).getByTestId('booking-form-above-price').textContent).toBe(
      'The prepaid amount cannot exceed the sale price',
    );
    fireEvent.change(within(dialog).getByTestId('booking-form-prepaidAmount'), { target: { value: '40' } });
    expect(within(dialog).queryByTestId('booking-form-above-price')).toBeNull();
    expect(within(dialog).getByTestId('booking-form-remaining').textContent).toBe('€60.00');
  });
});
