import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createItem } from '@sneakers/shared/contracts/lists';
import { listNotifications, markNotificationRead } from '@sneakers/shared/contracts/notifications';
import { createOffers } from '@sneakers/shared/contracts/offers';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { openSocket, poll, raw } from '../../../../tests/support/cloud-client';
import { storeWithProfile } from './support';

async function trader(name: string, language: 'en' | 'es') {
  return storeWithProfile({
    language,
    businessName: name,
    contactEmail: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@example.com`,
    publicWtbList: true,
  });
}

const isInvalidate = (frame: unknown) =>
  JSON.stringify(frame) ===
  JSON.stringify({ type: 'invalidate', topic: 'notifications', keys: ['notifications'] });

describe('notifications in the reader language, pushed live', () => {
  it('a Spanish store reads its notification in Spanish, in English on asking, and each tab of the recipient hears of it', async () => {
    const store = await trader('Tienda Sol', 'es');
    const reseller = await trader('Reseller Moon', 'en');
    const { item } = await store.client.call(createItem, {
      body: {
        listType: 'wtb',
        sku: 'DD1391-100',
        name: 'Dunk Low',
        sizes: ['10'],
        visibility: 'public',
        status: 'pending',
        targetPrice: 12000,
      },
    });

    // Two tabs of the store, each subscribed with its own ticket, and an anonymous browser.
    const tabs = [await openSocket(), await openSocket(), await openSocket()];
    const stranger = await openSocket();
    const again = await openSocket();
    try {
      for (const tab of tabs) {
        const { ticket } = await store.client.call(createRealtimeTicket);
        const subscribed = tab.waitFor((f) => JSON.stringify(f) === '{"type":"subscribed"}');
        tab.send({ action: 'subscribe', ticket });
        await subscribed;
        // A ticket works once: the same one on another socket subscribes nothing.
        again.send({ action: 'subscribe', ticket });
      }
      // A tab closed since: its push is dropped, the others still get theirs.
      tabs[0]!.close();

      const added = tabs.slice(1).map((tab) => tab.waitFor(isInvalidate));
      await reseller.client.call(createOffers, {
        body: {
          listOwnerId: store.userId,
          listType: 'wtb',
          lines: [{ itemId: item.id, size: '10', offeredPrice: 13000, quantity: 1 }],
        },
        idempotencyKey: `key-${randomUUID()}`,
      });
      await Promise.all(added);

      const inbox = await poll(
        () => store.client.call(listNotifications),
        (r) => r.notifications.length >= 1,
        10_000,
      );
      expect(inbox.unread).toBe(1);
      expect(inbox.notifications[0]).toMatchObject({
        type: 'offer_received',
        title: 'Nueva oferta en tu lista WTB',
        body: 'Reseller Moon ha hecho una oferta en tu lista WTB.',
      });
      const english = await store.client.call(listNotifications, { query: { language: 'en' } });
      expect(english.notifications[0]).toMatchObject({
        title: 'New offer on your WTB list',
        body: 'Reseller Moon made an offer on your WTB list.',
      });
      const unknown = await raw('/api/notifications?language=fr', {
        headers: { authorization: `Bearer ${store.token}` },
      });
      expect(unknown.status).toBe(400);

      // Marking read tells the open tabs too (the badge on every tab).
      const read = tabs[1]!.waitFor(isInvalidate);
      const marked = await store.client.call(markNotificationRead, {
        params: { notificationId: inbox.notifications[0]!.id },
        query: { language: 'en' },
      });
      expect(marked.notification).toMatchObject({ read: true, title: 'New offer on your WTB list' });
      await read;
      expect((await store.client.call(listNotifications)).unread).toBe(0);

      // Neither the anonymous browser nor the socket with reused tickets heard of it (other
      // suites may change settings meanwhile: those broadcasts reach every socket).
      const personal = (f: unknown) => !JSON.stringify(f).includes('"topic":"settings"');
      expect(stranger.frames.filter(personal)).toEqual([]);
      // The reused tickets were each refused with an error frame, and nothing else came.
      expect(again.frames.filter(personal)).toEqual(
        Array.from({ length: 3 }, () => expect.objectContaining({ type: 'error', code: 'INVALID_TICKET' })),
      );
    } finally {
      for (const socket of [...tabs, stranger, again]) socket.close();
    }
  });
});
