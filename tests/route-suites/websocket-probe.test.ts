import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getConversation,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { createRealtimeTicket } from '@sneakers/shared/contracts/realtime';
import { openSocket } from '../support/cloud-client';
import { createTally } from './support/tally';
import { trader } from './support/world';

/**
 * The WebSocket side of "only the two participants can read or write a conversation": the
 * route suites cover the HTTP routes; here store A and reseller B talk while a third user C
 * (and an anonymous browser) listen on sockets of their own. B's and A's tabs get the
 * message; C's gets nothing of theirs, not even an invalidate; a replayed ticket does not
 * make C anyone else; and C's junk frames get error frames on a socket that stays open.
 */
const tally = createTally('websocket-probe');

/** How long C keeps listening after B got the message: pushes to one user go out together. */
const GRACE_MS = 1500;

type Socket = Awaited<ReturnType<typeof openSocket>>;
type Trader = Awaited<ReturnType<typeof trader>>;

const typeOf = (frame: unknown) => (frame as { type?: unknown }).type;

/** A socket subscribed as the trader; the ticket is returned so the probe can replay it. */
async function subscribed(who: Trader): Promise<{ socket: Socket; ticket: string }> {
  const socket = await openSocket();
  const { ticket } = await who.call(createRealtimeTicket, {});
  const answer = socket.waitFor((f) => typeOf(f) === 'subscribed');
  socket.send({ action: 'subscribe', ticket });
  await answer;
  return { socket, ticket };
}

let a: Trader;
let b: Trader;
let c: Trader;
const sockets: Socket[] = [];

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    trader(tally, 'Probe Store A'),
    trader(tally, 'Probe Reseller B', 'reseller'),
    trader(tally, 'Probe Outsider C'),
  ]);
});

afterAll(() => {
  for (const socket of sockets) socket.close();
  tally.print();
});

describe('WebSocket probe: a third user hears nothing of a conversation', () => {
  it('delivers B’s message to A’s and B’s sockets and nothing of it to C’s or an anonymous one', async () => {
    const [atA, atB, atC] = await Promise.all([subscribed(a), subscribed(b), subscribed(c)]);
    const anonymous = await openSocket();
    sockets.push(atA.socket, atB.socket, atC.socket, anonymous);

    // C replays A's ticket (already taken): refused, and C's socket stays C's.
    const replay = atC.socket.waitFor((f) => typeOf(f) === 'error');
    atC.socket.send({ action: 'subscribe', ticket: atA.ticket });
    expect(await replay).toMatchObject({ type: 'error', code: 'INVALID_TICKET' });
    // An anonymous socket cannot take A's ticket either.
    const anonymousReplay = anonymous.waitFor((f) => typeOf(f) === 'error');
    anonymous.send({ action: 'subscribe', ticket: atA.ticket });
    expect(await anonymousReplay).toMatchObject({ type: 'error', code: 'INVALID_TICKET' });

    const { conversation } = await b.call(startConversation, { body: { partnerUserId: a.userId } });
    tally.covered(startConversation);
    const content = `Probe ${randomUUID()}: still have the Pandas in 42?`;
    const isTheMessage = (f: unknown) =>
      typeOf(f) === 'message' && (f as { message: { content: string } }).message.content === content;
    const atStore = atA.socket.waitFor(isTheMessage, 20_000);
    const atSender = atB.socket.waitFor(isTheMessage, 20_000);
    const badgeAtA = atA.socket.waitFor(
      (f) => typeOf(f) === 'invalidate' && JSON.stringify(f).includes('messages-unread'),
      20_000,
    );
    const { message } = await b.call(sendMessage, {
      params: { conversationId: conversation.id },
      body: { clientMessageId: `probe-${randomUUID()}`, content },
    });
    tally.covered(sendMessage);
    expect(await atStore).toEqual({ type: 'message', message });
    expect(await atSender).toEqual({ type: 'message', message });
    await badgeAtA;

    // A reads it: that pushes an invalidate to A's tabs, and still nothing to C.
    await a.call(markConversationRead, { params: { conversationId: conversation.id } });
    tally.covered(markConversationRead);
    await new Promise((r) => setTimeout(r, GRACE_MS));

    const heardByC = [...atC.socket.frames, ...anonymous.frames];
    const text = JSON.stringify(heardByC);
    expect(text).not.toContain(conversation.id);
    expect(text).not.toContain(content);
    expect(text).not.toContain(a.userId);
    expect(text).not.toContain(b.userId);
    // C's own sign-up reaches C's tabs too (its trial starting at the payment provider
    // invalidates C's billing and profile): C's news, nothing of the conversation.
    const ownBilling = (frame: unknown) =>
      typeof frame === 'object' && frame !== null && 'topic' in frame && frame.topic === 'billing';
    expect(atC.socket.frames.filter((frame) => !ownBilling(frame))).toEqual([
      { type: 'subscribed' },
      { type: 'error', code: 'INVALID_TICKET', message: expect.any(String) },
    ]);
    expect(anonymous.frames).toEqual([
      { type: 'error', code: 'INVALID_TICKET', message: expect.any(String) },
    ]);

    // Over HTTP too, C gets the conversation's 404, never its messages.
    for (const probe of [
      () => c.call(getConversation, { params: { conversationId: conversation.id } }),
      () => c.call(listMessages, { params: { conversationId: conversation.id }, query: {} }),
    ])
      await expect(probe()).rejects.toMatchObject({ status: 404 });
    tally.covered(getConversation);
    tally.covered(listMessages);
  }, 60_000);

  it('answers C’s junk frames with error frames and keeps C’s socket open', async () => {
    const { socket } = await subscribed(c);
    sockets.push(socket);
    for (const junk of [
      'not json',
      { action: 'sendmessage', conversationId: 'x', content: 'hi' },
      { action: 'subscribe' },
    ]) {
      const error = socket.waitFor((f) => typeOf(f) === 'error');
      socket.send(junk);
      expect(await error).toEqual({ type: 'error', code: 'INVALID_FRAME', message: expect.any(String) });
    }
    // Still open and served: a new ticket subscribes it again.
    const { ticket } = await c.call(createRealtimeTicket, {});
    const again = socket.waitFor((f) => typeOf(f) === 'subscribed');
    socket.send({ action: 'subscribe', ticket });
    expect(await again).toEqual({ type: 'subscribed' });
  });
});
