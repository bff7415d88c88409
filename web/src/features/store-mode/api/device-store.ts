import type { CounterItem } from '@sneakers/shared/contracts/store-mode';
import type { OutboxEntry, OutboxStore } from '../model/outbox';

/**
 * What store mode keeps on the device, in IndexedDB (docs/product/store-mode.md#offline): the
 * counter's stock per user (so a scan works without the network) and the sales outbox. Both
 * survive closing the browser. Nothing from the camera is ever stored.
 */
const DB_NAME = 'sneakers-store-mode';
const DB_VERSION = 1;
const OUTBOX = 'outbox';
const STOCK = 'stock';

export interface CachedStock {
  userId: string;
  items: CounterItem[];
  savedAt: string;
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX))
        db.createObjectStore(OUTBOX, { keyPath: 'key' }).createIndex('userId', 'userId');
      if (!db.objectStoreNames.contains(STOCK)) db.createObjectStore(STOCK, { keyPath: 'userId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opened;
}

function run<T>(
  store: string,
  mode: IDBTransactionMode,
  op: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        const request = op(tx.objectStore(store));
        // Resolved when the transaction commits, so a write is durable before the caller goes on.
        tx.oncomplete = () => resolve(request.result);
        tx.onerror = () => reject(tx.error ?? request.error ?? new Error('IndexedDB transaction failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export const deviceOutbox: OutboxStore = {
  entries: (userId) => run<OutboxEntry[]>(OUTBOX, 'readonly', (s) => s.index('userId').getAll(userId)),
  put: async (entry) => {
    await run(OUTBOX, 'readwrite', (s) => s.put(entry));
  },
  remove: async (key) => {
    await run(OUTBOX, 'readwrite', (s) => s.delete(key));
  },
};

export const deviceStock = {
  read: async (userId: string): Promise<CachedStock | null> =>
    (await run<CachedStock | undefined>(STOCK, 'readonly', (s) => s.get(userId))) ?? null,
  write: async (stock: CachedStock): Promise<void> => {
    await run(STOCK, 'readwrite', (s) => s.put(stock));
  },
};
