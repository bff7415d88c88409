import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import type { PricingRun, PricingRunRow } from '@sneakers/shared';
import { calls, errorAnswer, renderPricing, row, run, strategy } from './test-support';

afterEach(() => {
  toast.dismiss();
});

const twoDaysAgo = () => new Date(Date.now() - 2 * 24 * 3600_000).toISOString();

interface Server {
  run?: PricingRun;
  /** Rows per filter (the first page; `more` is the second page of 'all'). */
  rows?: PricingRunRow[];
  more?: PricingRunRow[];
  applyAnswer?: Response;
  /** Holds the preview's answer until released. */
  previewGate?: Promise<void>;
}

function server(options: Server = {}) {
  let current = options.run ?? run();
  const rows = options.rows ?? [row(1), row(2), row(3)];
  return (url: URL, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies: [strategy()] });
    if (url.pathname === '/api/pricing/strategies/s-1/preview' && method === 'POST')
      return (options.previewGate ?? Promise.resolve()).then(() => Response.json({ run: current }));
    if (url.pathname === '/api/pricing/runs') return Response.json({ runs: [current], cursor: null });
    if (url.pathname === `/api/pricing/runs/${current.id}`) return Response.json({ run: current });
    if (url.pathname === `/api/pricing/runs/${current.id}/rows`) {
      const filter = url.searchParams.get('filter') ?? 'all';
      const second = url.searchParams.get('cursor') === 'next';
      const matching = rows.filter((r) =>
        filter === 'warnings'
          ? r.warnings.length > 0
          : filter === 'changes'
            ? r.changed
            : filter === 'skipped'
              ? r.state === 'skipped'
              : true,
      );
      if (second) return Response.json({ rows: options.more ?? [], cursor: null });
      return Response.json({ rows: matching, cursor: options.more && filter === 'all' ? 'next' : null });
    }
    if (url.pathname === `/api/pricing/runs/${current.id}/apply` && method === 'POST') {
      if (options.applyAnswer) return options.applyAnswer;
      current = { ...current, status: 'applied', counts: { ...current.counts, applied: 18, skipped: 2 } };
      return Response.json({
        run: current,
        skipped: [
          { itemId: 'i-5', reason: 'changed_since_preview' },
          { itemId: 'i-6', reason: 'changed_since_preview' },
        ],
      });
    }
    if (url.pathname === `/api/pricing/runs/${current.id}/undo` && method === 'POST') {
      current = { ...current, status: 'undone', counts: { ...current.counts, undone: 17 } };
      return Response.json({ run: current, skipped: [{ itemId: 'i-1', reason: 'changed_since_apply' }] });
    }
    return undefined;
  };
}

async function preview() {
  fireEvent.click(await screen.findByTestId('pricing-strategy-preview', {}, { timeout: 20_000 }));
  return screen.findByTestId('pricing-run');
}

describe('preview and apply', { timeout: 30_000 }, () => {
  it('says when market data for some products is still being read, and badges their rows', async () => {
    renderPricing(
      server({
        run: run({ marketPending: 12 }),
        rows: [
          row(1),
          row(2, { warnings: ['no_market_data', 'market_data_pending'], marketRefreshedAt: null }),
        ],
      }),
    );
    const view = await preview();
    expect((await within(view).findByTestId('pricing-run-market-pending')).textContent).toBe(
      'Market data for 12 products is still being read: preview again in a minute to price them with fresh data.',
    );
    const rows = await within(view).findAllByTestId('pricing-row');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByTestId('pricing-row-warning')
        .map((w) => w.textContent),
    ).toEqual(['No market data', 'Market data pending']);
  });

  it('says nothing of pending market data when the preview read it all', async () => {
    renderPricing(server());
    const view = await preview();
    await within(view).findAllByTestId('pricing-row');
    expect(within(view).queryByTestId('pricing-run-market-pending')).toBeNull();
  });

  it('shows progress while the preview reads market data, then the rows with their prices, inputs and warnings', async () => {
    let release = () => {};
    const previewGate = new Promise<void>((resolve) => (release = resolve));
    renderPricing(
      server({
        previewGate,
        rows: [
          row(1),
          row(2, {
            newPrice: 16_500,
            decidedBy: 'floor',
            input: { name: 'lowest_ask', value: 15_000 },
            marginAfterFees: 1_500,
            warnings: ['hit_floor', 'stale_market_data'],
            marketRefreshedAt: twoDaysAgo(),
          }),
          row(3, {
            newPrice: 22_000,
            changed: false,
            decidedBy: 'keep',
            input: null,
            marginAfterFees: -500,
            warnings: ['no_market_data'],
            marketRefreshedAt: null,
          }),
        ],
      }),
    );
    fireEvent.click(await screen.findByTestId('pricing-strategy-preview', {}, { timeout: 20_000 }));
    expect((await screen.findByTestId('pricing-preview-progress')).textContent).toContain(
      'Reading market data…',
    );
    release();
    const view = await screen.findByTestId('pricing-run');
    expect(view.textContent).toContain('Preview: Beat the market');
    const rows = await within(view).findAllByTestId('pricing-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('DZ5485-1');
    expect(within(first).getByTestId('pricing-row-prices').textContent).toBe('€220.00 → €205.00');
    expect(within(first).getByTestId('pricing-row-change').textContent).toBe('−€15.00 (−6.82%)');
    expect(within(first).getByTestId('pricing-row-decided').textContent).toBe(
      'lowest ask €210.00 · the rule',
    );
    expect(within(first).getByTestId('pricing-row-margin').textContent).toBe('Margin after fees +€55.00');
    expect(
      within(second)
        .getAllByTestId('pricing-row-warning')
        .map((w) => w.textContent),
    ).toEqual(['Hit the floor', 'Stale data (refreshed 2 days ago)']);
    expect(within(second).getByTestId('pricing-row-decided').textContent).toBe(
      'lowest ask €150.00 · the floor',
    );
    expect(within(third).getByTestId('pricing-row-warning').textContent).toBe('No market data');
    expect(within(third).getByTestId('pricing-row-margin').className).toContain('text-red');
    // A row that changes nothing cannot be ticked.
    expect(within(third).queryByTestId('pricing-row-select')).toBeNull();

    fireEvent.click(screen.getByTestId('pricing-filter-warnings'));
    await waitFor(() => expect(within(view).getAllByTestId('pricing-row')).toHaveLength(2));
  });

  it('select all sends {all: true, except} without loading every page, and reports the skipped rows', async () => {
    const { fetchMock } = renderPricing(server({ more: [row(4), row(5)] }));
    const view = await preview();
    await within(view).findAllByTestId('pricing-row');
    fireEvent.click(screen.getByTestId('pricing-select-all'));
    expect(screen.getByTestId('pricing-apply').textContent).toBe('Apply 20 changes');
    const second = within(view).getAllByTestId('pricing-row')[1];
    if (!second) throw new Error('no second row');
    fireEvent.click(within(second).getByTestId('pricing-row-select'));
    expect(screen.getByTestId('pricing-apply').textContent).toBe('Apply 19 changes');
    fireEvent.click(screen.getByTestId('pricing-apply'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Apply 19 changes?');
    fireEvent.click(within(dialog).getByTestId('pricing-confirm'));
    expect(await screen.findByText('Applied 18 · skipped 2')).toBeTruthy();
    expect(screen.getByText('2 items changed since the preview and were left alone.')).toBeTruthy();
    const [post] = calls(fetchMock, '/api/pricing/runs/r-1/apply', 'POST');
    expect(post?.body).toEqual({ all: true, except: ['i-2'] });
    expect(new Headers(post?.init?.headers).get('idempotency-key')).toBeTruthy();
    // The second page was never needed.
    expect(
      calls(fetchMock, '/api/pricing/runs/r-1/rows').filter((c) => c.url.searchParams.get('cursor')),
    ).toHaveLength(0);
    // The run is applied now: its Undo replaces Apply.
    expect(await screen.findByTestId('pricing-undo')).toBeTruthy();
    expect(screen.queryByTestId('pricing-apply')).toBeNull();
  });

  it('ticked rows send their ids', async () => {
    const { fetchMock } = renderPricing(server());
    const view = await preview();
    const rows = await within(view).findAllByTestId('pricing-row');
    for (const r of rows.slice(0, 2)) fireEvent.click(within(r).getByTestId('pricing-row-select'));
    fireEvent.click(screen.getByTestId('pricing-apply'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('pricing-confirm'));
    await screen.findByText('Applied 18 · skipped 2');
    expect(calls(fetchMock, '/api/pricing/runs/r-1/apply', 'POST')[0]?.body).toEqual({
      itemIds: ['i-1', 'i-2'],
    });
  });

  it('says clearly when the preview has expired (410) or was already applied (409)', async () => {
    renderPricing(server({ applyAnswer: errorAnswer(410, 'PREVIEW_EXPIRED') }));
    const view = await preview();
    await within(view).findAllByTestId('pricing-row');
    fireEvent.click(screen.getByTestId('pricing-select-all'));
    fireEvent.click(screen.getByTestId('pricing-apply'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('pricing-confirm'));
    expect((await screen.findByTestId('pricing-run-refusal')).textContent).toBe(
      'This preview is more than 24 hours old: preview the strategy again.',
    );
  });

  it('a 409 RUN_NOT_PREVIEW says the preview was already applied or undone', async () => {
    renderPricing(server({ applyAnswer: errorAnswer(409, 'RUN_NOT_PREVIEW') }));
    const view = await preview();
    await within(view).findAllByTestId('pricing-row');
    fireEvent.click(screen.getByTestId('pricing-select-all'));
    fireEvent.click(screen.getByTestId('pricing-apply'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('pricing-confirm'));
    expect((await screen.findByTestId('pricing-run-refusal')).textContent).toBe(
      'This preview was already applied or undone.',
    );
  });
});

describe('history and undo', { timeout: 30_000 }, () => {
  it('lists the runs; an applied run opens with Undo run, which explains itself and reports what it skipped', async () => {
    const applied = run({
      status: 'applied',
      trigger: 'auto',
      createdBy: null,
      counts: { items: 20, changes: 18, warnings: 2, applied: 18, skipped: 0, undone: 0 },
    });
    const { fetchMock } = renderPricing(
      server({ run: applied, rows: [row(1, { state: 'applied' }), row(2, { state: 'applied' })] }),
    );
    fireEvent.click(await screen.findByTestId('pricing-tab-history', {}, { timeout: 20_000 }));
    const item = await screen.findByTestId('pricing-run-row');
    expect(item.textContent).toContain('Beat the market');
    expect(item.textContent).toContain('Applied');
    expect(item.textContent).toContain('Auto');
    expect(item.textContent).toContain('20 items · 18 changes · 2 with warnings · 18 applied · 0 skipped');
    fireEvent.click(within(item).getByTestId('pricing-run-open'));
    const view = await screen.findByTestId('pricing-run');
    expect((await within(view).findAllByTestId('pricing-row-state'))[0]?.textContent).toBe('Applied');
    expect(within(view).queryByTestId('pricing-row-select')).toBeNull();
    fireEvent.click(within(view).getByTestId('pricing-undo'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Items changed since the run are left alone');
    fireEvent.click(within(dialog).getByTestId('pricing-confirm'));
    expect(await screen.findByText('Undone 17 · skipped 1')).toBeTruthy();
    expect(screen.getByText('1 item changed since the run and was left alone.')).toBeTruthy();
    expect(calls(fetchMock, '/api/pricing/runs/r-1/undo', 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('pricing-run').getAttribute('data-status')).toBe('undone'));
    // Back returns to the history tab.
    fireEvent.click(screen.getByTestId('pricing-run-back'));
    expect(await screen.findByTestId('pricing-runs-list')).toBeTruthy();
  });

  it('says so when there are no runs yet', async () => {
    renderPricing((url) => {
      if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies: [] });
      if (url.pathname === '/api/pricing/runs') return Response.json({ runs: [], cursor: null });
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('pricing-tab-history', {}, { timeout: 20_000 }));
    expect((await screen.findByTestId('pricing-runs-empty')).textContent).toContain('No runs yet');
  });
});
