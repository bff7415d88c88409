import { inject, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PLAN_LOOKUP_KEYS } from '@sneakers/shared/contracts/billing';
import type { Health } from '@sneakers/shared/contracts/health';
import { LOCAL_BILLING_CREDENTIALS } from '../../src/names';
import { raw } from '../../../tests/support/cloud-client';

/**
 * The local cloud's payment provider stand-in (issue 26): up in the health list, the plan
 * prices made at start, and its webhooks reaching the app's billing route signed.
 */
describe('the local cloud’s payment stand-in', () => {
  const url = new URL(inject('cloud').stripeUrl);
  const stripe = new Stripe(LOCAL_BILLING_CREDENTIALS.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });

  it('is up in the health list', async () => {
    const health = (await (await raw('/api/health')).json()) as Health;
    expect(health.services.find((s) => s.name === 'payments')?.status).toBe('up');
  });

  it('holds the two plan prices by lookup key (ensurePlanPrices ran at start)', async () => {
    const keys = Object.values(PLAN_LOOKUP_KEYS);
    const prices = await stripe.prices.list({ lookup_keys: keys, active: true });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual([...keys].sort());
    expect(prices.data.every((p) => p.currency === 'eur' && p.recurring?.interval === 'month')).toBe(true);
  });

  it('registered the app’s billing webhook route', async () => {
    const endpoints = await stripe.webhookEndpoints.list();
    expect(endpoints.data.map((e) => e.url)).toContain(`${inject('cloud').appUrl}/api/billing/webhook`);
    expect(endpoints.data[0]?.enabled_events).toContain('customer.subscription.updated');
  });
});
