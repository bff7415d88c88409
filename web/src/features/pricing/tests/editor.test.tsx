import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import { priceFor } from '@sneakers/shared/rules/pricing';
import { exampleInputs, DEFAULT_EXAMPLE } from '../components/live-example';
import { draftToConfig, emptyDraft } from '../model/strategy-form';
import { beatByFive, calls, renderPricing, strategy } from './test-support';

afterEach(() => {
  toast.dismiss();
});

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const sentence = () => screen.getByTestId('pricing-example-sentence').textContent;

const itemBase = {
  userId: 'u-1',
  status: 'pending',
  visibility: 'public',
  urgent: false,
  isBulk: false,
  productCatalogId: null,
  productVariantId: null,
  bookingId: null,
  colorway: '',
  imageUrl: null,
  sizes: ['42'],
  targetPrice: null,
  desiredPrice: 22_000,
  askingPrice: null,
  currency: 'EUR',
  source: null,
  purchasePrice: 15_000,
  purchaseDate: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

async function openNew() {
  const route = (url: URL, init: RequestInit | undefined) => {
    if (url.pathname === '/api/pricing/strategies' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Parameters<typeof strategy>[0];
      return Response.json({ strategy: strategy({ ...body, id: 's-9' }) }, { status: 201 });
    }
    if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies: [] });
    if (url.pathname === '/api/items' && url.searchParams.get('listType') === 'wts')
      return Response.json({
        items: [
          { id: 'it-1', name: 'nike dunk low panda', brand: 'Nike', sku: 'dd1391-100', listType: 'wts' },
          { id: 'it-2', name: 'jordan 1 high chicago', brand: 'Jordan', sku: 'dz5485-612', listType: 'wts' },
        ].map((item) => ({ ...itemBase, ...item })),
        cursor: null,
      });
    return undefined;
  };
  const rendered = renderPricing(route);
  fireEvent.click(await screen.findByTestId('pricing-new-strategy', {}, { timeout: 20_000 }));
  await screen.findByTestId('pricing-editor');
  return rendered;
}

describe('strategy editor', { timeout: 40_000 }, () => {
  it("the live example runs the engine on every change: 'With a lowest ask of €210 this rule gives €205'", async () => {
    await openNew();
    // The defaults: beat the lowest ask by €5, floor cost + 10%; ask €210, bid €180, cost €150, current €220.
    expect(sentence()).toBe('With a lowest ask of €210.00 this rule gives €205.00');
    expect(screen.getByTestId('pricing-example-decider').textContent).toBe(
      'Decided by the rule (lowest ask €210.00)',
    );
    expect(screen.getByTestId('pricing-example-margin').textContent).toBe(
      'Margin after fees: +€55.00 (fees €0.00)',
    );

    // A form field changes the example...
    change('pricing-field-beatBy', '10');
    expect(sentence()).toBe('With a lowest ask of €210.00 this rule gives €200.00');
    // ...and so does an example input: the floor (cost €190 + 10% = €209) wins.
    change('pricing-example-cost', '190');
    expect(sentence()).toBe('With a lowest ask of €210.00 this rule gives €209.00');
    expect(screen.getByTestId('pricing-example-decider').textContent).toContain('the floor');
    expect(screen.getAllByTestId('pricing-example-warning').map((w) => w.textContent)).toEqual([
      'Hit the floor',
    ]);

    // The marketplace channel's fees (12%) are shown and the margin is net of them.
    change('pricing-field-channel', 'marketplace');
    expect(screen.getByTestId('pricing-default-fees').textContent).toBe('Default fees: 12% + €0.00 per sale');
    const expected = priceFor(
      {
        ...beatByFive,
        rule: { kind: 'beat_lowest_ask', by: { mode: 'amount', cents: 1000 } },
        channel: 'marketplace',
      },
      exampleInputs(beatByFive, { ...DEFAULT_EXAMPLE, cost: '190' }, new Date().toISOString()),
    );
    expect(expected.marginAfterFees).toBe(20_900 - 2_508 - 19_000);
    expect(screen.getByTestId('pricing-example-margin').textContent).toBe(
      'Margin after fees: −€6.08 (fees €25.08)',
    );
    expect(screen.getAllByTestId('pricing-example-warning').map((w) => w.textContent)).toContain(
      'Below cost after fees',
    );
  });

  it('the example is exactly what priceFor gives for the form (the same engine as the server)', () => {
    const result = draftToConfig(emptyDraft());
    if (!('config' in result)) throw new Error('the default draft is valid');
    expect(result.config).toEqual(beatByFive);
    const now = '2026-03-02T10:00:00.000Z';
    const outcome = priceFor(result.config, exampleInputs(result.config, DEFAULT_EXAMPLE, now));
    expect(outcome.price).toBe(20_500);
    expect(outcome.input).toEqual({ name: 'lowest_ask', value: 21_000 });
  });

  it('shows each field its own problem and sends nothing until they are fixed', async () => {
    const { fetchMock } = await openNew();
    change('pricing-field-beatBy', 'five');
    fireEvent.click(screen.getByTestId('pricing-field-list-wts'));
    fireEvent.click(screen.getByTestId('pricing-editor-save'));
    expect(await screen.findByText('Give the strategy a name.')).toBeTruthy();
    expect(screen.getByText('Choose at least one list.')).toBeTruthy();
    expect(screen.getByText('Enter an amount, e.g. 5 or 4.99.')).toBeTruthy();
    expect(screen.getByTestId('pricing-field-name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('pricing-field-name'));
    // An invalid rule leaves the example waiting for the fields.
    expect(screen.getByTestId('pricing-example-result').textContent).toBe(
      'Fix the highlighted fields to see an example.',
    );
    // A percentage over 100 is the contract's bound, said per field.
    change('pricing-field-beatBy-mode', 'percent');
    change('pricing-field-beatBy', '150');
    fireEvent.click(screen.getByTestId('pricing-editor-save'));
    expect(await screen.findByText('Enter a percentage from 0 to 100.')).toBeTruthy();
    expect(calls(fetchMock, '/api/pricing/strategies', 'POST')).toHaveLength(0);
  });

  it('creates the strategy with an Idempotency-Key and goes back to the list', async () => {
    const { fetchMock } = await openNew();
    change('pricing-field-name', 'Beat the market');
    change('pricing-field-brand', 'Nike');
    fireEvent.keyDown(screen.getByTestId('pricing-field-brand'), { key: 'Enter' });
    // A single item, found by its SKU among the chosen lists' items.
    change('pricing-item-search', 'DZ5485');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Jordan 1 High Chicago' }));
    expect(screen.getByTestId('pricing-item-chosen').textContent).toContain(
      'Jordan 1 High Chicago · DZ5485-612',
    );
    change('pricing-field-rounding', 'whole');
    change('pricing-field-schedule', 'daily');
    fireEvent.click(screen.getByTestId('pricing-editor-save'));
    expect(await screen.findByText('Strategy "Beat the market" saved')).toBeTruthy();
    const [post] = calls(fetchMock, '/api/pricing/strategies', 'POST');
    expect(post?.body).toEqual({
      name: 'Beat the market',
      selection: { listTypes: ['wts'], brands: ['Nike'], itemIds: ['it-2'] },
      config: { ...beatByFive, guards: { ...beatByFive.guards, rounding: 'whole' } },
      target: 'list',
      schedule: 'daily',
    });
    expect(new Headers(post?.init?.headers).get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('pricing-editor')).toBeNull());
  });

  it("shows the API's refusal of a field under that field", async () => {
    renderPricing((url, init) => {
      if (url.pathname === '/api/pricing/strategies' && init?.method === 'POST')
        return Response.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid request',
              issues: { 'config.guards.ceiling': [{ code: 'AMOUNT_TOO_LARGE' }] },
            },
          },
          { status: 400 },
        );
      if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies: [] });
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('pricing-new-strategy', {}, { timeout: 20_000 }));
    // The editor's heading takes the focus: the list it replaced is gone.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New strategy'));
    change('pricing-field-name', 'Capped');
    change('pricing-field-ceiling', '999999');
    fireEvent.click(screen.getByTestId('pricing-editor-save'));
    expect(await screen.findByText('Enter an amount of 1,000,000.00 or less.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('pricing-field-ceiling'));
  });

  it('edits a strategy with the version read', async () => {
    const { fetchMock } = renderPricing((url, init) => {
      if (url.pathname === '/api/pricing/strategies')
        return Response.json({ strategies: [strategy({ version: 3 })] });
      if (url.pathname === '/api/pricing/strategies/s-1' && init?.method === 'PUT')
        return Response.json({ strategy: strategy({ name: 'Renamed', version: 4 }) });
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('pricing-strategy-edit', {}, { timeout: 20_000 }));
    const editor = await screen.findByTestId('pricing-editor');
    expect((within(editor).getByTestId('pricing-field-name') as HTMLInputElement).value).toBe(
      'Beat the market',
    );
    expect((within(editor).getByTestId('pricing-field-beatBy') as HTMLInputElement).value).toBe('5');
    change('pricing-field-name', 'Renamed');
    fireEvent.click(screen.getByTestId('pricing-editor-save'));
    expect(await screen.findByText('Strategy "Renamed" saved')).toBeTruthy();
    const [put] = calls(fetchMock, '/api/pricing/strategies/s-1', 'PUT');
    expect(put?.body).toMatchObject({ name: 'Renamed', version: 3, config: beatByFive });
  });
});
