import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import '../../../test/setup';
import { calls, errorAnswer, renderPricing, strategy } from './test-support';

afterEach(() => {
  toast.dismiss();
});

describe('pricing strategies list', { timeout: 30_000 }, () => {
  it('lists each strategy with what it prices, its rule, schedule and last run', async () => {
    renderPricing((url) =>
      url.pathname === '/api/pricing/strategies'
        ? Response.json({
            strategies: [
              strategy(),
              strategy({
                id: 's-2',
                name: 'Daily floor',
                schedule: 'daily',
                nextRunAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
                lastRunAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
                selection: { listTypes: ['inventory', 'wtc'], brands: [], itemIds: ['i-1', 'i-2'] },
              }),
            ],
          })
        : undefined,
    );
    const rows = await screen.findAllByTestId('pricing-strategy-row', {}, { timeout: 20_000 });
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('pricing-strategy-rule').textContent).toBe('Beat lowest ask by €5.00');
    expect(first.textContent).toContain('WTS list · Nike');
    expect(first.textContent).toContain('Off');
    expect(first.textContent).toContain('Never run');
    expect(second.textContent).toContain('Inventory, WTC list · all brands · 2 items');
    expect(second.textContent).toContain('Daily · next run in 3 hours');
    expect(second.textContent).toContain('Last run 2 hours ago');
  });

  it('explains what a strategy does when there is none, with a create button', async () => {
    renderPricing((url) =>
      url.pathname === '/api/pricing/strategies' ? Response.json({ strategies: [] }) : undefined,
    );
    const empty = await screen.findByTestId('pricing-strategies-empty', {}, { timeout: 20_000 });
    expect(empty.textContent).toContain('No strategies yet');
    expect(empty.textContent).toContain('beat the lowest ask by €5');
    fireEvent.click(within(empty).getByTestId('pricing-new-strategy'));
    expect(await screen.findByTestId('pricing-editor')).toBeTruthy();
  });

  it('says so when the strategies cannot load, and retries', async () => {
    let fail = true;
    renderPricing((url) => {
      if (url.pathname !== '/api/pricing/strategies') return undefined;
      return fail ? errorAnswer(500, 'INTERNAL') : Response.json({ strategies: [strategy()] });
    });
    const error = await screen.findByTestId('pricing-strategies-error', {}, { timeout: 20_000 });
    expect(error.textContent).toContain('Could not load your strategies.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('pricing-strategy-row')).toBeTruthy();
  });

  it('deletes after a confirmation', async () => {
    let strategies = [strategy()];
    const { fetchMock } = renderPricing((url, init) => {
      if (url.pathname === '/api/pricing/strategies') return Response.json({ strategies });
      if (url.pathname === '/api/pricing/strategies/s-1' && init?.method === 'DELETE') {
        strategies = [];
        return Response.json({ deleted: true });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('pricing-strategy-delete', {}, { timeout: 20_000 }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Its runs and the price history stay.');
    fireEvent.click(within(dialog).getByTestId('pricing-delete-confirm'));
    expect(await screen.findByText('Strategy "Beat the market" deleted')).toBeTruthy();
    expect(calls(fetchMock, '/api/pricing/strategies/s-1', 'DELETE')).toHaveLength(1);
    expect(await screen.findByTestId('pricing-strategies-empty')).toBeTruthy();
  });

  it('demo: shows the demo strategies and refuses writes with the demo toast, asking nothing of the API', async () => {
    window.localStorage.setItem('demo_mode', 'true');
    const { fetchMock } = renderPricing((url) =>
      url.pathname === '/api/pricing/strategies'
        ? Response.json({ strategies: [strategy({ name: 'Demo: beat the market' })] })
        : undefined,
    );
    expect((await screen.findByTestId('pricing-strategy-name', {}, { timeout: 20_000 })).textContent).toBe(
      'Demo: beat the market',
    );
    fireEvent.click(screen.getByTestId('pricing-strategy-preview'));
    expect(await screen.findByText('Demo mode: changes cannot be saved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pricing-strategy-delete'));
    fireEvent.click(await screen.findByTestId('pricing-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls(fetchMock, '/api/pricing/strategies/s-1/preview', 'POST')).toHaveLength(0);
    expect(calls(fetchMock, '/api/pricing/strategies/s-1', 'DELETE')).toHaveLength(0);
  });
});
