import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiCall } from '@sneakers/shared/api-client';
import { findByGtin } from '@sneakers/shared/contracts/catalog';
import { createClient, listClients, type ClientCreate } from '@sneakers/shared/contracts/crm';
import { createItem, type ItemCreate } from '@sneakers/shared/contracts/lists';
import { createSale, listSales, type Sale } from '@sneakers/shared/contracts/sales';
import {
  getCounterStock,
  STORE_MODE_PAGE_SIZE_MAX,
  type CounterItem,
} from '@sneakers/shared/contracts/store-mode';
import { useApi } from '../../../lib/api';
import { invalidateMoney } from '../../../lib/money-queries';
import { flushOutbox, type OutboxEntry, type SendFailure } from '../model/outbox';
import { deviceOutbox, deviceStock } from './device-store';

/** The first element is what the realtime `invalidate` frames name. */
export const storeModeKeys = {
  stock: (userId: string) => ['store-mode.stock', userId] as const,
  day: (userId: string, date: string) => ['commerce.sales', 'store-mode-day', userId, date] as const,
};

export interface CounterStock {
  items: CounterItem[];
  savedAt: string;
  /** Read from the device because the network failed. */
  offline: boolean;
}

async function fetchAllStock(api: ApiCall, signal?: AbortSignal): Promise<CounterItem[]> {
  const items: CounterItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await api(getCounterStock, { query: { cursor, limit: STORE_MODE_PAGE_SIZE_MAX }, signal });
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

/** True when the call never got an answer (offline, the server unreachable) or the server failed. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * The counter's stock: from the API, kept on the device after each read; from the device
 * when the network fails, so scanning works offline.
 */
export function useCounterStock(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: storeModeKeys.stock(userId),
    queryFn: async ({ signal }): Promise<CounterStock> => {
      try {
        const items = await fetchAllStock(api, signal);
        const savedAt = new Date().toISOString();
        await deviceStock.write({ userId, items, savedAt }).catch(() => undefined);
        return { items, savedAt, offline: false };
      } catch (error) {
        const cached = isRetryable(error) ? await deviceStock.read(userId).catch(() => null) : null;
        if (!cached) throw error;
        return { items: cached.items, savedAt: cached.savedAt, offline: true };
      }
    },
    retry: false,
    staleTime: 60_000,
  });
}

/** A barcode the counter's stock does not have, looked up in the catalogue (online only). */
export function useCatalogueBarcode(gtin: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['catalog.gtins', gtin],
    queryFn: async ({ signal }) => {
      try {
        return await api(findByGtin, { params: { gtin: gtin ?? '' }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: gtin !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** The buyers the counter offers: the store's first 100 clients by name. */
export function useCounterClients() {
  const api = useApi();
  return useQuery({
    queryKey: ['crm.clients', 'store-mode-picker'],
    queryFn: async ({ signal }) =>
      [...(await api(listClients, { query: { limit: 100 }, signal })).clients].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
  });
}

/** A client added at the counter; the CRM's lists refresh (their key starts `crm.clients`). */
export function useQuickAddClient() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClientCreate) => (await api(createClient, { body })).client,
    onSuccess: () => client.invalidateQueries({ queryKey: ['crm.clients'] }),
  });
}

/** The day's sales, every page (a counter's day is at most a few hundred). */
export function useDaySales(userId: string, date: string) {
  const api = useApi();
  return useQuery({
    queryKey: storeModeKeys.day(userId, date),
    queryFn: async ({ signal }) => {
      const sales: Sale[] = [];
      let cursor: string | undefined;
      do {
        const page = await api(listSales, { query: { from: date, to: date, cursor, limit: 100 }, signal });
        sales.push(...page.sales);
        cursor = page.cursor ?? undefined;
      } while (cursor);
      return sales;
    },
  });
}

/** Receiving a box: a new inventory item, once per key. */
export function useReceivePair(userId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: ItemCreate; idempotencyKey: string }) =>
      (await api(createItem, { body, idempotencyKey })).item,
    onSettled: () => client.invalidateQueries({ queryKey: storeModeKeys.stock(userId) }),
  });
}

function classify(error: unknown): SendFailure {
  if (isRetryable(error)) return { retry: true };
  const apiError = error as ApiError;
  return {
    retry: false,
    conflict: apiError.status === 409 || apiError.status === 404,
    code: apiError.code,
    message: apiError.message,
  };
}

/** While sales wait, how often the outbox tries again (besides the browser's `online` event). */
const RETRY_MS = 15_000;

/**
 * The user's sales outbox: its entries, `enqueue` (write, then send) and `flush`. One flush
 * runs at a time; a flush also runs when the browser comes back online and every 15 s while
 * something waits.
 */
export function useOutbox(userId: string) {
  const api = useApi();
  const client = useQueryClient();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const running = useRef<Promise<void> | null>(null);

  const reload = useCallback(async () => {
    const all = await deviceOutbox.entries(userId);
    setEntries(all.sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
  }, [userId]);

  const flush = useCallback((): Promise<void> => {
    running.current ??= (async () => {
      try {
        const result = await flushOutbox(
          deviceOutbox,
          userId,
          async (entry) => {
            await api(createSale, { body: entry.body, idempotencyKey: entry.key });
          },
          classify,
        );
        if (result.sent > 0 || result.conflicts > 0) {
          void invalidateMoney(client, { kind: 'sale', providerId: null });
          await client.invalidateQueries({ queryKey: storeModeKeys.stock(userId) });
        }
      } finally {
        running.current = null;
        await reload();
      }
    })();
    return running.current;
  }, [api, client, reload, userId]);

  // Resolves once the sales are safe on the device; sending goes on behind the receipt.
  const enqueue = useCallback(
    async (added: OutboxEntry[]) => {
      for (const entry of added) await deviceOutbox.put(entry);
      await reload();
      void flush();
    },
    [flush, reload],
  );

  const discard = useCallback(
    async (key: string) => {
      await deviceOutbox.remove(key);
      await reload();
    },
    [reload],
  );

  const waiting = entries.some((e) => e.state === 'waiting');
  useEffect(() => {
    void reload().then(flush);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush, reload]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting]);

  return { entries, enqueue, flush, discard };
}
