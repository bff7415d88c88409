import { describe, expect, it } from 'vitest';
import { createPricingThing, listPricingThings } from '@sneakers/shared/contracts/pricing';
import { poll, raw, rejection } from '../../../../tests/support/cloud-client';
import { key, signedInUser } from './support';

describe('pricing things through the local gateway', () => {
  it("creates things and lists only the caller's, newest first, page by page", async () => {
    const { client: a } = await signedInUser();
    const { client: b } = await signedInUser();
    const { thing: first } = await a.call(createPricingThing, {
      body: { name: 'First' },
      idempotencyKey: key(),
    });
    const { thing: second } = await a.call(createPricingThing, {
      body: { name: 'Second' },
      idempotencyKey: key(),
    });

    const page1 = await a.call(listPricingThings, { query: { limit: 1 } });
    expect(page1.things.map((t) => t.id)).toEqual([second.id]);
    const page2 = await a.call(listPricingThings, { query: { limit: 1, cursor: page1.cursor ?? undefined } });
    expect(page2.things.map((t) => t.id)).toEqual([first.id]);

    // Tenancy: another user sees none of them.
    expect((await b.call(listPricingThings)).things).toEqual([]);
  });

  it('replays a retried create with the same Idempotency-Key (200) and refuses it with another body', async () => {
    const { token, client } = await signedInUser();
    const idempotencyKey = key();
    const post = (name: string) =>
      raw('/api/pricing/things', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ name }),
      });
    const created = await post('Once');
    expect(created.status).toBe(201);
    const replay = await post('Once');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(await created.json());
    expect((await post('Other')).status).toBe(409);
    expect((await client.call(listPricingThings)).things).toHaveLength(1);
  });

  it('marks a thing processed once its created event went through the outbox and the bus', async () => {
    const { client } = await signedInUser();
    const { thing } = await client.call(createPricingThing, {
      body: { name: 'Evented' },
      idempotencyKey: key(),
    });
    const { things } = await poll(
      () => client.call(listPricingThings),
      (page) => page.things.some((t) => t.id === thing.id && t.processedAt !== null),
    );
    expect(things.find((t) => t.id === thing.id)?.processedAt).not.toBeNull();
  });

  it('answers 401 without a token and 400 to a cursor it did not issue', async () => {
    expect((await raw('/api/pricing/things')).status).toBe(401);
    const { client } = await signedInUser();
    const error = await rejection(client.call(listPricingThings, { query: { cursor: 'not-a-cursor' } }));
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
