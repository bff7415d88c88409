import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { createApiClient } from '@sneakers/shared/api-client';
import { searchProducts } from '@sneakers/shared/contracts/catalog';
import { createMyProfile } from '@sneakers/shared/contracts/profiles';
import {
  createRealtimeTicket,
  serverFrameSchema,
  type ServerFrame,
} from '@sneakers/shared/contracts/realtime';
import type { Role } from '@sneakers/shared/contracts/profile-values';
import { storeUser } from './bench-user';

/** A signed-in user of the bench's local cloud with a profile (messaging needs one on each side). */
export async function benchTrader(appUrl: string, cognitoPort: number, name: string, role: Role = 'store') {
  const { token, userId } = await storeUser(appUrl, cognitoPort);
  const call = createApiClient({ baseUrl: appUrl, getToken: () => token });
  await call(createMyProfile, {
    body: {
      role,
      businessName: name,
      contactEmail: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`,
      phone: '+34 600111222',
      location: 'Madrid, Spain',
      instagramHandle: null,
      discord: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
      publicWtsList: false,
    },
  });
  return { token, userId, call };
}

export type BenchTrader = Awaited<ReturnType<typeof benchTrader>>;

export interface BenchSocket {
  /** Resolves at the first frame from now on that matches, with the time it arrived. */
  waitFor: (match: (frame: ServerFrame) => boolean, timeoutMs?: number) => Promise<number>;
  close: () => void;
}

/**
 * A socket on the local WebSocket gateway subscribed as the user: a one-time ticket over
 * HTTPS, then the `subscribe` frame, as the SPA does. Frames are timed on arrival, before
 * any matching, so a slow waiter does not add to the figure.
 */
export async function subscribedSocket(wsUrl: string, user: BenchTrader): Promise<BenchSocket> {
  const socket = new WebSocket(wsUrl);
  const waiters = new Set<(frame: ServerFrame, at: number) => void>();
  socket.on('message', (data) => {
    const at = performance.now();
    const parsed = z.safeParse(serverFrameSchema, JSON.parse(data.toString()));
    if (!parsed.success) return;
    for (const waiter of [...waiters]) waiter(parsed.data, at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = (match: (frame: ServerFrame) => boolean, timeoutMs = 15_000) =>
    new Promise<number>((resolve, reject) => {
      const waiter = (frame: ServerFrame, at: number) => {
        if (!match(frame)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(at);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no matching frame within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  const { ticket } = await user.call(createRealtimeTicket);
  const subscribed = waitFor((f) => f.type === 'subscribed');
  socket.send(JSON.stringify({ action: 'subscribe', ticket }));
  await subscribed;
  return { waitFor, close: () => socket.close() };
}

/** The `message` frame of this send (the sender's own tabs hear it too: match by clientMessageId). */
export const messageFrame = (clientMessageId: string) => (frame: ServerFrame) =>
  frame.type === 'message' && frame.message.clientMessageId === clientMessageId;

/** A fresh client message id, as the SPA makes one per send. */
export const clientMessageId = () => randomUUID().replaceAll('-', '');

/** The demo catalogue's size (localstack/src/demo-seed/catalog.ts). */
const DEMO_CATALOGUE_PRODUCTS = 500;

/**
 * Waits until the local cloud's start-up work is done: `npm start` writes most of the demo
 * catalogue after it is ready, and the search index then takes every product from the
 * stream. Timed pushes measured meanwhile would measure that backlog.
 */
export async function settled(user: BenchTrader, timeoutMs = 180_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const { total } = await user.call(searchProducts, { query: {} });
    if (total >= DEMO_CATALOGUE_PRODUCTS) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the demo catalogue was not indexed within ${timeoutMs / 1000} s`);
}
