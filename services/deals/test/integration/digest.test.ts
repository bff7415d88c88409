import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEvent, dealsMatched } from '@sneakers/events';
import { updateDealSettings } from '@sneakers/shared/contracts/deals';
import { listNotifications } from '@sneakers/shared/contracts/notifications';
import { systemClock } from '@sneakers/shared/clock';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { mailTo, poll } from '../../../../tests/support/cloud-client';
import { sendDealDigests } from '../../src/digest/domain';
import { createDigestRepository } from '../../src/digest/repository';
import { localTable, trader } from './preferences-support';

/**
 * Deals.Matched, published as the matcher publishes it (an outbox row the stream relays to
 * the bus), becomes the in-app notification at once and, through the day's pending work, one
 * digest email when the daily schedule runs (run here as the schedule would, on the real
 * table): in the user's language, never twice a day, never with the digest off.
 */
function publishMatched(userId: string, newDeals: number) {
  const event = buildEvent(
    dealsMatched,
    {
      userId,
      newDeals,
      samples: [
        { dealId: `deal-${randomUUID()}`, productName: 'Jordan 1 Chicago', partnerName: 'Kicks BCN' },
        { dealId: `deal-${randomUUID()}`, productName: 'Dunk Low Panda', partnerName: 'Hype Vault' },
      ].slice(0, newDeals),
    },
    { eventId: `deals-matched-${randomUUID()}`, occurredAt: new Date().toISOString() },
  );
  return new Service({ outbox: outboxEntity }, localTable()).entities.outbox.create(outboxItem(event)).go();
}

const runDigest = () => {
  const { client, table } = localTable();
  return sendDealDigests({ repo: createDigestRepository(client, table), clock: systemClock });
};

describe('deal notifications and the daily digest', () => {
  it('notifies in-app, then emails one digest a day in the user’s language, none when off', async () => {
    const en = await trader('Digest Store EN', { language: 'en' });
    const es = await trader('Digest Store ES', { language: 'es' });
    const off = await trader('Digest Store Off', { language: 'en' });
    await off.client.call(updateDealSettings, { body: { dailyDigest: false } });

    await publishMatched(en.userId, 1);
    await publishMatched(es.userId, 2);
    await publishMatched(off.userId, 1);

    const enInbox = await poll(
      () => en.client.call(listNotifications, {}),
      (r) => r.notifications.some((n) => n.type === 'deal'),
    );
    expect(enInbox.notifications.find((n) => n.type === 'deal')).toMatchObject({
      title: 'New deal: Jordan 1 Chicago from Kicks BCN',
      link: '/dashboard/deals',
    });
    const esInbox = await poll(
      () => es.client.call(listNotifications, {}),
      (r) => r.notifications.some((n) => n.type === 'deal'),
    );
    expect(esInbox.notifications.find((n) => n.type === 'deal')?.title).toBe('2 acuerdos nuevos');

    // The pending work lands through the bus too: run until all three users are handled.
    const mine = new Set([en.userId, es.userId, off.userId]);
    const handled = new Map<string, string>();
    await poll(
      async () => {
        const run = await runDigest();
        for (const s of run.sent) if (mine.has(s.userId)) handled.set(s.userId, 'sent');
        for (const s of run.skipped) if (mine.has(s.userId)) handled.set(s.userId, s.reason);
        return handled.size;
      },
      (n) => n === 3,
      20_000,
    );
    expect(Object.fromEntries(handled)).toEqual({
      [en.userId]: 'sent',
      [es.userId]: 'sent',
      [off.userId]: 'off',
    });

    const enMail = await poll(
      () => mailTo(en.contactEmail),
      (m) => m.length > 0,
    );
    expect(enMail.map((m) => m.subject)).toEqual(['Your deals today: 1 new']);
    expect(enMail[0]?.body.text).toContain('Jordan 1 Chicago from Kicks BCN');
    const esMail = await poll(
      () => mailTo(es.contactEmail),
      (m) => m.length > 0,
    );
    expect(esMail.map((m) => m.subject)).toEqual(['Tus acuerdos de hoy: 2 nuevos']);

    // A new deal later the same day, and the run again: no second email today.
    await publishMatched(en.userId, 1);
    const again = await poll(
      () => runDigest(),
      (run) => run.skipped.some((s) => s.userId === en.userId),
      20_000,
    );
    expect(again.skipped.find((s) => s.userId === en.userId)?.reason).toBe('sent_today');
    expect(again.sent.filter((s) => mine.has(s.userId))).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await mailTo(en.contactEmail)).toHaveLength(1);
    expect(await mailTo(off.contactEmail)).toEqual([]);
  });
});
