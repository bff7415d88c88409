import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createConsignment,
  createProvider,
  getProviderRegistrationLink,
  markConsignmentReturned,
  markConsignmentSold,
  submitProviderRegistration,
} from '@sneakers/shared/contracts/providers';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { api, mailTo, poll } from '../../../../tests/support/cloud-client';
import { storeClient } from './support';

const store = storeClient;

describe('consignment emails', () => {
  it('consignment_created and consignment_sold reach the provider once each, in the store language', async () => {
    const shop = await store('es');
    const to = `provider-${randomUUID()}@example.com`;
    const { provider } = await shop.call(createProvider, { body: { name: 'Ana', email: to } });
    const params = { providerId: provider.id };
    const body = { itemSku: 'DD1391-100', itemName: 'Dunk Low Panda', size: '42', price: 9000 };
    const idempotencyKey = `key-${randomUUID()}`;
    const { consignment } = await shop.call(createConsignment, { params, body, idempotencyKey });
    // A retry with the same key: no second consignment, no second email.
    await shop.call(createConsignment, { params, body, idempotencyKey });
    await poll(
      () => mailTo(to),
      (m) => m.length >= 1,
      8000,
    );
    await shop.call(markConsignmentSold, {
      params: { ...params, consignmentId: consignment.id },
      body: { salePrice: 15000 },
    });
    // Returned sends nothing.
    const other = await shop.call(createConsignment, {
      params,
      body: { ...body, itemName: 'Jordan 1' },
      idempotencyKey: `key-${randomUUID()}`,
    });
    await shop.call(markConsignmentReturned, { params: { ...params, consignmentId: other.consignment.id } });
    const mails = await poll(
      () => mailTo(to),
      (m) => m.length >= 3,
      8000,
    );
    // Let any duplicate delivery land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailTo(to)).map((m) => m.subject).sort()).toEqual(
      [
        'Consigna recibida: Dunk Low Panda',
        'Consigna recibida: Jordan 1',
        'Tu artículo en consigna se ha vendido: Dunk Low Panda',
      ].sort(),
    );
    const sold = mails.find((m) => m.subject.startsWith('Tu artículo'))!;
    expect(sold.body.text).toContain('Zapas Madrid ha vendido tu artículo.');
    expect(sold.body.text).toContain('Talla: 42');
    // The provider sees what they are owed (the agreed 90 €), never the store's 150 € sale price.
    expect(sold.body.text).toContain('Importe a tu favor: 90,00');
    for (const part of [sold.body.text ?? '', sold.body.html ?? '']) {
      expect(part).not.toContain('Precio de venta');
      expect(part).not.toMatch(/150[,.]00/);
    }
    const created = mails.find((m) => m.subject === 'Consigna recibida: Dunk Low Panda')!;
    expect(created.body.text).toContain('Hola Ana:');
    expect(created.body.text).toContain('Tienda: Zapas Madrid');
  });
});

describe('provider registration notification', () => {
  it('the store sees an in-app notification once after a registration', async () => {
    const shop = await store('en');
    const { token } = await shop.call(getProviderRegistrationLink);
    const name = `Reg ${randomUUID().slice(0, 8)}`;
    const registration = { name, email: `reg-${randomUUID()}@example.com` };
    await api().call(submitProviderRegistration, {
      params: { storeUserId: shop.userId, token },
      body: registration,
    });
    // The same email again creates nothing, so no second notification.
    await api().call(submitProviderRegistration, {
      params: { storeUserId: shop.userId, token },
      body: registration,
    });
    const list = await poll(
      () => shop.call(listNotifications),
      (r) => r.notifications.length >= 1,
      8000,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const again = await shop.call(listNotifications);
    expect(again.notifications).toHaveLength(1);
    expect(again.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'provider_registered',
      title: `New provider registration: ${name}`,
      read: false,
    });
    expect(list.notifications[0]!.link).toMatch(/^\/dashboard\/providers\/.+/);
  });
});
