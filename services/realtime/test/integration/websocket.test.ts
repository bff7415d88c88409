import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { conversationRead, messageSent } from '@sneakers/events';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { api, newUser, openSocket } from '../../../../tests/support/cloud-client';
import { isError, publish, subscribedSocket } from './support';

/**
 * The realtime function behind the local WebSocket gateway: what a client frame that is not
 * valid for its route gets back, and the message pushes, published as the messaging service
 * publishes them (an outbox row the stream relays to the bus).
 */
describe('client frames that are not valid for their route', () => {
  it('get an INVALID_FRAME error frame each, and the socket stays open and usable', async () => {
    const user = await newUser();
    const socket = await openSocket();
    try {
      const junk: unknown[] = [
        'plain text',
        42,
        null,
        { action: 'sendmessage', content: 'hi' },
        { ticket: 'no action' },
        { action: 'subscribe' },
        { action: 'subscribe', ticket: 'short' },
        { action: 'subscribe', ticket: { $ne: null } },
      ];
      for (const frame of junk) {
        const error = socket.waitFor(isError('INVALID_FRAME'));
        socket.send(frame);
        expect(await error).toEqual({ type: 'error', code: 'INVALID_FRAME', message: expect.any(String) });
      }
      // Still open and still served: a valid subscribe after all that junk is answered.
      const { ticket } = await api(user.token).call(createRealtimeTicket, {});
      const subscribed = socket.waitFor((f) => (f as { type?: string }).type === 'subscribed');
      socket.send({ action: 'subscribe', ticket });
      expect(await subscribed).toEqual({ type: 'subscribed' });
    } finally {
      socket.close();
    }
  });

  it('answer an unknown, used or expired-looking ticket with INVALID_TICKET and keep the socket', async () => {
    const user = await newUser();
    const socket = await openSocket();
    try {
      const { ticket } = await api(user.token).call(createRealtimeTicket, {});
      for (const bad of ['A'.repeat(43), ticket.slice(1) + 'A']) {
        const error = socket.waitFor(isError('INVALID_TICKET'));
        socket.send({ action: 'subscribe', ticket: bad });
        expect(await error).toMatchObject({ type: 'error', code: 'INVALID_TICKET' });
      }
      const subscribed = socket.waitFor((f) => (f as { type?: string }).type === 'subscribed');
      socket.send({ action: 'subscribe', ticket });
      await subscribed;
      // Used once: the same ticket again is refused.
      const used = socket.waitFor(isError('INVALID_TICKET'));
      socket.send({ action: 'subscribe', ticket });
      await used;
    } finally {
      socket.close();
    }
  });
});

describe('message pushes', () => {
  it('push Message.Sent to both participants (message, then invalidate) and Conversation.Read to the reader', async () => {
    const [store, reseller, third] = await Promise.all([
      subscribedSocket(),
      subscribedSocket(),
      subscribedSocket(),
    ]);
    try {
      const message = {
        id: randomUUID(),
        conversationId: `conv-${randomUUID()}`,
        seq: 1,
        senderUserId: reseller.userId,
        senderName: 'Resell Madrid',
        content: 'Still have the Pandas in 42? ¿Sí? 👟',
        clientMessageId: `client-${randomUUID()}`,
        createdAt: new Date().toISOString(),
      };
      const invalidate = {
        type: 'invalidate',
        topic: 'messages',
        keys: ['conversations', 'messages-unread'],
      };
      const atStore = store.socket.waitFor((f) => JSON.stringify(f) === JSON.stringify(invalidate), 20_000);
      const atReseller = reseller.socket.waitFor(
        (f) => JSON.stringify(f) === JSON.stringify(invalidate),
        20_000,
      );
      await publish(messageSent, { recipientUserId: store.userId, message });
      await Promise.all([atStore, atReseller]);
      for (const { socket } of [store, reseller])
        expect(socket.frames.slice(-2)).toEqual([{ type: 'message', message }, invalidate]);

      const read = store.socket.waitFor((f) => JSON.stringify(f) === JSON.stringify(invalidate), 20_000);
      const before = reseller.socket.frames.length;
      await publish(conversationRead, {
        conversationId: message.conversationId,
        userId: store.userId,
        unreadTotal: 0,
      });
      await read;
      await new Promise((r) => setTimeout(r, 500));
      expect(reseller.socket.frames).toHaveLength(before);
      expect(third.socket.frames).toEqual([{ type: 'subscribed' }]);
    } finally {
      for (const { socket } of [store, reseller, third]) socket.close();
    }
  }, 60_000);
});
