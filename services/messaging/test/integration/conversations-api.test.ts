import { describe, expect, it } from 'vitest';
import type { UserActor } from '@sneakers/shared/actor';
import {
  getConversation,
  getUnreadMessages,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { startDemoSession } from '@sneakers/shared/contracts/profiles';
import { api, rejection } from '../../../../tests/support/cloud-client';
import { listConversations as listConversationsUseCase } from '../../src/conversations/domain';
import { clientId, localMessaging, trader } from './support';

describe('conversations and messages through the local gateway', () => {
  it('starts a conversation once per pair and item, whoever starts it, also under concurrent starts', async () => {
    const store = await trader('Conv Store', { items: 2 });
    const reseller = await trader('Conv Reseller', { role: 'reseller' });
    const about = { ownerUserId: store.userId, listType: 'wtb' as const, itemId: store.items[0]!.id };

    const first = await reseller.client.call(startConversation, {
      body: { partnerUserId: store.userId, relatedItem: about },
    });
    expect(first.created).toBe(true);
    expect(first.conversation).toMatchObject({
      storeUserId: store.userId,
      resellerUserId: reseller.userId,
      partner: {
        userId: store.userId,
        businessName: 'Conv Store',
        role: 'store',
        rating: { average: null, count: 0 },
      },
      relatedItem: { ...about, name: 'Dunk Low 0', sku: 'DD1391-100' },
      lastMessage: null,
      unreadCount: 0,
    });
    const again = await reseller.client.call(startConversation, {
      body: { partnerUserId: store.userId, relatedItem: about },
    });
    expect([again.created, again.conversation.id]).toEqual([false, first.conversation.id]);
    const fromStore = await store.client.call(startConversation, {
      body: { partnerUserId: reseller.userId, relatedItem: about },
    });
    expect([fromStore.created, fromStore.conversation.id]).toEqual([false, first.conversation.id]);
    expect(fromStore.conversation.partner).toMatchObject({ userId: reseller.userId, role: 'reseller' });

    // Another item, or none, is another conversation; both starting at once still make one.
    const other = { ...about, itemId: store.items[1]!.id };
    const racing = await Promise.all([
      reseller.client.call(startConversation, { body: { partnerUserId: store.userId, relatedItem: other } }),
      store.client.call(startConversation, { body: { partnerUserId: reseller.userId, relatedItem: other } }),
    ]);
    expect(racing[0].conversation.id).toBe(racing[1].conversation.id);
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(racing[0].conversation.id).not.toBe(first.conversation.id);
    const plain = await reseller.client.call(startConversation, { body: { partnerUserId: store.userId } });
    expect(plain.created).toBe(true);
    expect(plain.conversation.relatedItem).toBeNull();

    const self = await rejection(
      store.client.call(startConversation, { body: { partnerUserId: store.userId } }),
    );
    expect([self.status, self.code]).toEqual([400, 'SELF_CONVERSATION']);
    const nobody = await rejection(
      store.client.call(startConversation, { body: { partnerUserId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' } }),
    );
    expect([nobody.status, nobody.code]).toEqual([404, 'PARTNER_NOT_FOUND']);
    const stranger = await trader('Conv Stranger', { items: 1 });
    const notTheirs = await rejection(
      reseller.client.call(startConversation, {
        body: {
          partnerUserId: store.userId,
          relatedItem: { ownerUserId: stranger.userId, listType: 'wtb', itemId: stranger.items[0]!.id },
        },
      }),
    );
    expect([notTheirs.status, notTheirs.code]).toEqual([404, 'ITEM_NOT_FOUND']);
    const missing = await rejection(
      reseller.client.call(startConversation, {
        body: {
          partnerUserId: store.userId,
          relatedItem: { ...about, itemId: '01HZZZZZZZZZZZZZZZZZZZZZZZ' },
        },
      }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'ITEM_NOT_FOUND']);
  });

  it('sends once per client message id, in seq order without gaps, catches up after a seq, and reads', async () => {
    const store = await trader('Send Store');
    const reseller = await trader('Send Reseller', { role: 'reseller' });
    const { conversation } = await reseller.client.call(startConversation, {
      body: { partnerUserId: store.userId },
    });
    const params = { conversationId: conversation.id };

    const id = clientId();
    const sent = await reseller.client.call(sendMessage, {
      params,
      body: { clientMessageId: id, content: ' Hi! ' },
    });
    expect(sent.message).toMatchObject({
      conversationId: conversation.id,
      seq: 1,
      senderUserId: reseller.userId,
      senderName: 'Send Reseller',
      content: 'Hi!',
      clientMessageId: id,
    });
    // A retry (even both at once) returns the first message and counts nothing twice.
    const replays = await Promise.all(
      [0, 1].map(() =>
        reseller.client.call(sendMessage, { params, body: { clientMessageId: id, content: 'Hi!' } }),
      ),
    );
    for (const r of replays) expect(r.message).toEqual(sent.message);
    expect(await store.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 1 });

    // Concurrent sends from both sides: every seq once, 2..9, no gaps.
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? store : reseller).client.call(sendMessage, {
          params,
          body: { clientMessageId: clientId(), content: `message ${i}` },
        }),
      ),
    );
    expect(burst.map((b) => b.message.seq).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const all = await store.client.call(listMessages, { params, query: {} });
    expect(all.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(all.hasMore).toBe(false);
    const caughtUp = await store.client.call(listMessages, { params, query: { after: 6 } });
    expect(caughtUp.messages.map((m) => m.seq)).toEqual([7, 8, 9]);
    const older = await store.client.call(listMessages, { params, query: { before: 6, limit: 2 } });
    expect([older.messages.map((m) => m.seq), older.hasMore]).toEqual([[4, 5], true]);
    const latest = await store.client.call(listMessages, { params, query: { limit: 3 } });
    expect([latest.messages.map((m) => m.seq), latest.hasMore]).toEqual([[7, 8, 9], true]);

    // 1 + 4 from the reseller are unread by the store, 4 from the store by the reseller.
    expect(await store.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 5 });
    expect(await reseller.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 4 });
    const listed = await store.client.call(listConversations, { query: {} });
    expect(listed.conversations[0]).toMatchObject({
      id: conversation.id,
      unreadCount: 5,
      lastMessage: { seq: 9 },
    });

    expect(await store.client.call(markConversationRead, { params })).toEqual({ unreadTotal: 0 });
    expect(await store.client.call(markConversationRead, { params })).toEqual({ unreadTotal: 0 });
    expect(await store.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 0 });
    expect((await store.client.call(getConversation, { params })).conversation.unreadCount).toBe(0);
    expect(await reseller.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 4 });
  });

  it('answers 404 to anyone but the two participants on every conversation route, and 403 to demo writes', async () => {
    const store = await trader('Private Store');
    const reseller = await trader('Private Reseller', { role: 'reseller' });
    const third = await trader('Third Party');
    const { conversation } = await reseller.client.call(startConversation, {
      body: { partnerUserId: store.userId },
    });
    const params = { conversationId: conversation.id };
    await reseller.client.call(sendMessage, {
      params,
      body: { clientMessageId: clientId(), content: 'secret' },
    });

    const attempts = [
      () => third.client.call(getConversation, { params }),
      () => third.client.call(listMessages, { params, query: {} }),
      () =>
        third.client.call(sendMessage, {
          params,
          body: { clientMessageId: clientId(), content: 'let me in' },
        }),
      () => third.client.call(markConversationRead, { params }),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt());
      expect([error.status, error.code]).toEqual([404, 'CONVERSATION_NOT_FOUND']);
    }
    expect((await third.client.call(listConversations, { query: {} })).conversations).toEqual([]);
    expect(await third.client.call(getUnreadMessages, {})).toEqual({ unreadTotal: 0 });
    // The stranger's attempt changed nothing.
    expect((await store.client.call(listMessages, { params, query: {} })).messages).toHaveLength(1);

    const demo = api((await api().call(startDemoSession, {})).accessToken);
    const refused = [
      () => demo.call(startConversation, { body: { partnerUserId: store.userId } }),
      () => demo.call(sendMessage, { params, body: { clientMessageId: clientId(), content: 'demo' } }),
      () => demo.call(markConversationRead, { params }),
    ];
    for (const attempt of refused) {
      const error = await rejection(attempt());
      expect([error.status, error.code]).toEqual([403, 'DEMO_MODE']);
    }
    expect(Array.isArray((await demo.call(listConversations, { query: {} })).conversations)).toBe(true);
  });

  it('lists a user’s conversations with two DynamoDB requests: one Query, one BatchGetItem', async () => {
    const me = await trader('List Owner');
    const partners = await Promise.all(
      [1, 2, 3].map((n) => trader(`List Partner ${n}`, { role: 'reseller' })),
    );
    for (const p of partners) {
      const { conversation } = await p.client.call(startConversation, { body: { partnerUserId: me.userId } });
      await p.client.call(sendMessage, {
        params: { conversationId: conversation.id },
        body: { clientMessageId: clientId(), content: `from ${p.userId}` },
      });
    }
    const { deps, requests } = localMessaging();
    const actor: UserActor = { kind: 'user', userId: me.userId, isSuperuser: false, isDemo: false };
    requests.length = 0;
    const page = await listConversationsUseCase(deps, actor, {});
    expect(requests).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    // Most recently active first, each with its partner's profile.
    expect(page.items.map((c) => c.partner.businessName)).toEqual([
      'List Partner 3',
      'List Partner 2',
      'List Partner 1',
    ]);
    expect(page.items.every((c) => c.unreadCount === 1)).toBe(true);
  });
});
