import { describe, expect, it } from 'vitest';
import { anonymousOfferAnswered, buildEvent, offerReceived, offerUpdated } from '@sneakers/events';
import { onAnonymousOfferAnswered, onOfferReceived, onOfferUpdated } from '../../src/emails/domain/offers';
import { memoryDeps } from './memory';

const meta = { eventId: 'evt-9', occurredAt: '2026-11-22T09:00:00.000Z' };
const lines = [
  { itemName: 'Dunk Low Panda', itemSku: 'DD1391-100', size: '42', quantity: 2, offeredPrice: 9000 },
  { itemName: 'Jordan 1 Chicago', itemSku: 'DZ5485-612', size: 'US 10', quantity: 1, offeredPrice: 30000 },
];

function withStore() {
  const m = memoryDeps();
  m.addRecipient('store');
  return m;
}

const answered = (data: Partial<Parameters<typeof buildEvent<typeof anonymousOfferAnswered.data>>[1]> = {}) =>
  buildEvent(
    anonymousOfferAnswered,
    {
      offerId: 'a1',
      storeUserId: 'store',
      status: 'countered',
      storeBusinessName: 'Kicks & Co',
      senderName: 'Pablo',
      senderEmail: 'pablo@example.com',
      language: 'es',
      statusToken: 'tok_abcdefghijklmnopqrstuv',
      currency: 'EUR',
      lines,
      offeredTotal: 48000,
      counterPrice: 45000,
      counterMessage: 'Por los tres pares',
      agreedPrice: null,
      ...data,
    },
    meta,
  ).detail;

describe('offer emails', () => {
  it('link the anonymous offer itself and list its items, sizes, prices, total and message', async () => {
    const m = withStore();
    const event = buildEvent(
      offerReceived,
      {
        offerIds: ['a1'],
        receiverUserId: 'store',
        senderName: 'Pablo',
        itemsCount: 2,
        listType: 'wtb',
        anonymous: true,
        lines,
        currency: 'EUR',
        message: 'Can ship today',
      },
      meta,
    ).detail;
    await onOfferReceived(m.deps, event);
    const [row] = [...m.rows.values()];
    expect(row!.link).toBe('/dashboard/offers/anonymous/a1');
    const text = m.sent[0]!.text;
    expect(text).toContain('https://app.example/dashboard/offers/anonymous/a1');
    expect(text).toContain('Dunk Low Panda (DD1391-100), size 42: 2 × €90.00 = €180.00');
    expect(text).toContain('Jordan 1 Chicago (DZ5485-612), size US 10: 1 × €300.00 = €300.00');
    expect(text).toContain('Total: €480.00');
    expect(text).toContain('Message: Can ship today');
    expect(m.sent[0]!.html).toContain('Total:');
  });

  it('link a signed-in offer itself and show the counter note, then the agreed price', async () => {
    const m = withStore();
    const base = {
      offerId: 'o7',
      currency: 'EUR',
      itemName: 'Dunk Low Panda',
      actorName: 'Reseller',
      notifyUserId: 'store',
      lines: [lines[0]!],
    };
    await onOfferUpdated(
      m.deps,
      buildEvent(offerUpdated, { ...base, status: 'accepted', counterPrice: 8500, agreedPrice: 8500 }, meta)
        .detail,
    );
    expect([...m.rows.values()][0]!.link).toBe('/dashboard/offers/o7');
    expect(m.sent[0]!.text).toContain('Agreed price: €85.00');
    expect(m.sent[0]!.text).toContain('https://app.example/dashboard/offers/o7');

    const n = withStore();
    await onOfferUpdated(
      n.deps,
      buildEvent(
        offerUpdated,
        { ...base, status: 'countered', counterPrice: 8500, counterMessage: 'Lowest I go' },
        meta,
      ).detail,
    );
    expect(n.sent[0]!.text).toContain('Counter price: €85.00');
    expect(n.sent[0]!.text).toContain('Message with the counter: Lowest I go');
    expect(n.sent[0]!.text).not.toContain('Agreed price');
  });

  it('show the agreed total of the whole offer: a counter once accepted, nothing for a declined line', async () => {
    // Issue 25: €125 + €210 offered; the first line accepted, the second countered at €215.
    const first = { itemName: 'Dunk Low Panda', itemSku: 'DD1391-100', size: '42', quantity: 1 };
    const second = { itemName: 'Jordan 1 Chicago', itemSku: 'DZ5485-612', size: '43', quantity: 1 };
    const updated = (status: 'accepted' | 'declined') =>
      buildEvent(
        offerUpdated,
        {
          offerId: 'o8',
          status,
          counterPrice: 21500,
          currency: 'EUR',
          itemName: 'Jordan 1 Chicago',
          actorName: 'Reseller',
          notifyUserId: 'store',
          lines: [
            { ...first, offeredPrice: 12500, status: 'accepted', counterPrice: null },
            { ...second, offeredPrice: 21000, status, counterPrice: 21500 },
          ],
          agreedPrice: status === 'accepted' ? 21500 : null,
        },
        meta,
      ).detail;
    const m = withStore();
    await onOfferUpdated(m.deps, updated('accepted'));
    const text = m.sent[0]!.text;
    expect(text).toContain('Dunk Low Panda (DD1391-100), size 42: 1 × €125.00 = €125.00');
    expect(text).toContain(
      'Jordan 1 Chicago (DZ5485-612), size 43: 1 × €210.00 = €210.00 · agreed at €215.00',
    );
    expect(text).toContain('Total: €340.00');

    const es = memoryDeps();
    es.addRecipient('store', { language: 'es' });
    await onOfferUpdated(es.deps, updated('declined'));
    expect(es.sent[0]!.text).toMatch(/1 × 210,00\s€ = 210,00\s€ · rechazada, fuera del total/);
    expect(es.sent[0]!.text).toMatch(/Total: 125,00\s€/);
  });

  it("answer the anonymous sender once, in the sender's language, with the status link", async () => {
    const m = memoryDeps();
    await onAnonymousOfferAnswered(m.deps, answered());
    await onAnonymousOfferAnswered(m.deps, answered());
    expect(m.sent).toHaveLength(1);
    const email = m.sent[0]!;
    expect(email.to).toBe('pablo@example.com');
    expect(email.subject).toBe('Kicks & Co te ha enviado una contraoferta');
    expect(email.text).toContain('Hola Pablo');
    expect(email.text).toContain('https://app.example/offer-status/tok_abcdefghijklmnopqrstuv');
    expect(email.text).toContain('Contraoferta: 450,00');
    expect(email.text).toContain('Mensaje de la contraoferta: Por los tres pares');
    expect(email.text).not.toContain('/dashboard');
    expect(m.rows.size).toBe(0);
  });

  it('tell an accepted sender the agreed price, in English when they wrote in English', async () => {
    const m = memoryDeps();
    await onAnonymousOfferAnswered(
      m.deps,
      answered({
        status: 'accepted',
        language: 'en',
        counterPrice: null,
        counterMessage: null,
        agreedPrice: 48000,
      }),
    );
    expect(m.sent[0]!.subject).toBe('Kicks & Co accepted your offer');
    expect(m.sent[0]!.text).toContain('Agreed price: €480.00');
    expect(m.sent[0]!.text).toContain('Total: €480.00');
  });

  it('total an accepted counter on an anonymous offer at the counter', async () => {
    const m = memoryDeps();
    await onAnonymousOfferAnswered(
      m.deps,
      answered({ status: 'accepted', language: 'en', agreedPrice: 45000 }),
    );
    expect(m.sent[0]!.text).toContain('Total: €450.00');
  });
});
