import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../../../src/stripe/server';

/**
 * The payment stand-in on a free port with a webhook receiver that checks every delivery's
 * signature with the SDK's own `webhooks.constructEvent`, and the real `stripe` SDK pointed at it.
 */

export const API_KEY = 'sk_test_harness';
export const WEBHOOK_SECRET = 'whsec_harness_secret';

export interface Harness {
  standIn: StripeStandIn;
  stripe: Stripe;
  /** Events received (and verified), in delivery order. */
  received: Stripe.Event[];
  /** Deliveries whose signature the SDK refused (should stay empty). */
  refused: string[];
  /** Answers the receiver gives (a status per delivery, then 200): to test retries. */
  failNext: (statuses: number[]) => void;
  dataDir: string;
  advance: (clock: string, to: number) => Promise<Stripe.TestHelpers.TestClock>;
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startHarness(options: { dataDir?: string } = {}): Promise<Harness> {
  const received: Stripe.Event[] = [];
  const refused: string[] = [];
  const failures: number[] = [];
  const sdk = new Stripe(API_KEY);
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const fail = failures.shift();
      if (fail) {
        res.writeHead(fail).end();
        return;
      }
      try {
        received.push(
          sdk.webhooks.constructEvent(body, String(req.headers['stripe-signature']), WEBHOOK_SECRET),
        );
        res.writeHead(200).end('{}');
      } catch (error) {
        refused.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const address = receiver.address();
  const receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'stripe-stand-in-'));
  const start = (port = 0) =>
    startStripeStandIn({
      port,
      apiKey: API_KEY,
      dataDir,
      webhooks: [{ url: receiverUrl, secret: WEBHOOK_SECRET }],
      retryBaseMs: 20,
    });
  let standIn = await start();
  const client = (s: StripeStandIn) =>
    new Stripe(API_KEY, { host: '127.0.0.1', port: s.port, protocol: 'http', maxNetworkRetries: 0 });
  const harness: Harness = {
    standIn,
    stripe: client(standIn),
    received,
    refused,
    failNext: (statuses) => failures.push(...statuses),
    dataDir,
    async advance(clock, to) {
      await harness.stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
      for (;;) {
        const current = await harness.stripe.testHelpers.testClocks.retrieve(clock);
        if (current.status === 'ready') return current;
        if (current.status === 'internal_failure') throw new Error('the clock failed');
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async restart() {
      const port = standIn.port;
      await standIn.close();
      standIn = await start(port);
      harness.standIn = standIn;
      harness.stripe = client(standIn);
    },
    async close() {
      await standIn.close();
      await new Promise<void>((r) => {
        receiver.closeAllConnections();
        receiver.close(() => r());
      });
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export const DAY = 86_400;

/** Events of a type received so far. */
export function eventsOf<T extends Stripe.Event['type']>(h: Harness, type: T) {
  return h.received.filter((e): e is Extract<Stripe.Event, { type: T }> => e.type === type);
}

/** The two monthly plans, store (49.99 EUR) and reseller (4.99 EUR), under the product's lookup keys' shape. */
export async function planPrices(h: Harness): Promise<{ store: Stripe.Price; reseller: Stripe.Price }> {
  const price = (name: string, amount: number, lookupKey: string) =>
    h.stripe.prices.create({
      product_data: { name },
      currency: 'eur',
      unit_amount: amount,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
    } as Stripe.PriceCreateParams);
  return {
    store: await price('Sneakers CRM: store plan', 4999, 'store_monthly'),
    reseller: await price('Sneakers CRM: reseller plan', 499, 'reseller_monthly'),
  };
}
