import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import '../test/setup';
import { PagedList, type PagedListQuery } from './paged-list';

interface Row {
  id: string;
  name: string;
}

const rows: Row[] = [
  { id: 'a', name: 'Ana' },
  { id: 'b', name: 'Bea' },
];

function query(state: Partial<PagedListQuery> = {}): PagedListQuery {
  return {
    data: { pages: [] },
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...state,
  };
}

function renderList(q: PagedListQuery, items: readonly Row[] = rows, extra: { search?: boolean } = {}) {
  const onSearch = vi.fn();
  render(
    <PagedList
      query={q}
      items={items}
      getKey={(row) => row.id}
      renderItem={(row) => <span>{row.name}</span>}
      label="Clients"
      testId="clients"
      errorText="Failed to load clients"
      empty="No clients yet."
      rowTestId="client-row"
      {...(extra.search ? { search: { value: '', onChange: onSearch, label: 'Search clients' } } : {})}
    />,
  );
  return { onSearch };
}

describe('PagedList', () => {
  it('announces loading', () => {
    renderList(query({ data: undefined, isPending: true }), []);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
    expect(screen.queryByTestId('clients-list')).toBeNull();
  });

  it("shows the caller's error text as an alert with a retry", () => {
    const q = query({ data: undefined, isError: true });
    renderList(q, []);
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('clients-error');
    expect(alert.textContent).toContain('Failed to load clients');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('announces an empty list', () => {
    renderList(query(), []);
    const empty = screen.getByTestId('clients-empty');
    expect(empty.getAttribute('role')).toBe('status');
    expect(empty.textContent).toBe('No clients yet.');
  });

  it('names the list and its rows, and the load-more button says what it loads', () => {
    const q = query({ hasNextPage: true });
    renderList(q);
    const list = screen.getByRole('list', { name: 'Clients' });
    expect(
      within(list)
        .getAllByTestId('client-row')
        .map((r) => r.textContent),
    ).toEqual(['Ana', 'Bea']);
    const more = screen.getByRole('button', { name: 'Load more – Clients' });
    expect(more.textContent).toBe('Load more');
    fireEvent.click(more);
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('keeps focus on load more while the next page loads and announces it', () => {
    const q = query({ hasNextPage: true, isFetchingNextPage: true });
    renderList(q);
    const more = screen.getByTestId('clients-load-more');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(more.hasAttribute('disabled')).toBe(false);
    fireEvent.click(more);
    expect(q.fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'Clients' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading...')).toBe(true);
  });

  it('keeps the loaded rows when the next page fails, and retries that page', () => {
    const q = query({ hasNextPage: true, isError: true, isFetchNextPageError: true });
    renderList(q);
    expect(screen.getAllByTestId('client-row')).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
    expect(q.refetch).not.toHaveBeenCalled();
  });

  it('offers an optional search box', () => {
    const { onSearch } = renderList(query(), rows, { search: true });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'an' } });
    expect(onSearch).toHaveBeenCalledWith('an');
  });
});
