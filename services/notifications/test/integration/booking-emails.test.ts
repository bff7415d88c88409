import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@sneakers/shared/api-client';
import {
  createBooking,
  createClient,
  sendBookingInformation,
  updateBooking,
  type BookingCreate,
} from '@sneakers/shared/contracts/crm';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cloud, mailTo, poll, type SentMail } from '../../../../tests/support/cloud-client';
import { localTable, storeClient } from './support';

/**
 * Fakes a legacy client without an email, which no API route can create. Services meet
 * only through events and contracts, so this finds the crm row as stored (by its ElectroDB
 * entity name and attributes) instead of importing the crm store.
 */
async function clearClientEmail(storeUserId: string, clientId: string): Promise<void> {
  const { client: db, table: TableName } = localTable();
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName,
        ExclusiveStartKey,
        FilterExpression: '#entity = :entity AND storeUserId = :store AND clientId = :client',
        ExpressionAttributeNames: { '#entity': '__edb_e__' },
        ExpressionAttributeValues: { ':entity': 'crmClient', ':store': storeUserId, ':client': clientId },
        ProjectionExpression: 'pk, sk',
      }),
    );
    const key = page.Items?.[0];
    if (key) {
      await db.send(
        new UpdateCommand({
          TableName,
          Key: { pk: key.pk, sk: key.sk },
          UpdateExpression: 'SET email = :empty',
          ExpressionAttributeValues: { ':empty': '' },
        }),
      );
      return;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  throw new Error(`crm client ${clientId} not found`);
}

async function allMail(): Promise<SentMail[]> {
  const res = await fetch(`${cloud().mailUrl}/store`);
  return ((await res.json()) as { emails: SentMail[] }).emails;
}

const store = storeClient;

const bookingBody = (clientId: string, itemName: string): BookingCreate => ({
  clientId,
  itemSku: 'DD1391-100',
  itemName,
  size: '42',
  salePrice: 15000,
  prepaidAmount: 5000,
});

describe('booking emails', () => {
  it('confirmation, update and information reach the client once each, in the store language', async () => {
    const shop = await store('es');
    const to = `ana-${randomUUID()}@example.com`;
    const { client } = await shop.call(createClient, { body: { name: 'Ana', email: to, phone: '1' } });
    const idempotencyKey = `key-${randomUUID()}`;
    const body = bookingBody(client.id, 'Dunk Low Panda');
    const { booking } = await shop.call(createBooking, { body, idempotencyKey });
    await shop.call(createBooking, { body, idempotencyKey });
    await poll(
      () => mailTo(to),
      (m) => m.length >= 1,
      8000,
    );
    await shop.call(updateBooking, { params: { bookingId: booking.id }, body: { status: 'found' } });
    // No change, no email.
    await shop.call(updateBooking, { params: { bookingId: booking.id }, body: { status: 'found' } });
    await poll(
      () => mailTo(to),
      (m) => m.length >= 2,
      8000,
    );
    await shop.call(sendBookingInformation, { params: { bookingId: booking.id } });
    const mails = await poll(
      () => mailTo(to),
      (m) => m.length >= 3,
      8000,
    );
    // Let any duplicate delivery land before counting.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await mailTo(to)).map((m) => m.subject)).toEqual([
      'Reserva confirmada: Dunk Low Panda',
      'Reserva actualizada: Dunk Low Panda',
      'Tu reserva: Dunk Low Panda',
    ]);
    expect(mails[0]!.body.text).toContain('Zapas Madrid ha confirmado tu reserva.');
    expect(mails[0]!.body.text).toContain(`/booking/${booking.shareId}`);
    expect(mails[1]!.body.text).toContain('Estado: Encontrada');
  });

  it('a client without an email gets nothing, and the information request is 409', async () => {
    const shop = await store('en');
    const { client } = await shop.call(createClient, {
      body: { name: 'Legacy', email: `legacy-${randomUUID()}@example.com`, phone: '1' },
    });
    await clearClientEmail(shop.userId, client.id);

    const itemName = `Legacy Jordan ${randomUUID()}`;
    const { booking } = await shop.call(createBooking, {
      body: bookingBody(client.id, itemName),
      idempotencyKey: `key-${randomUUID()}`,
    });
    await shop.call(updateBooking, { params: { bookingId: booking.id }, body: { status: 'cancelled' } });
    const refused = await shop.call(sendBookingInformation, { params: { bookingId: booking.id } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).code]).toEqual([409, 'CLIENT_HAS_NO_EMAIL']);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await allMail()).filter((m) => m.subject.includes(itemName))).toHaveLength(0);
  });
});
