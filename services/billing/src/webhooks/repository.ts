import { profileSubscription } from '@sneakers/shared/billing/profile-subscription';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow, type TransactionItem } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { billingAccountEntity } from '../accounts/billing-account-entity';
import { customerLinkEntity } from '../accounts/customer-link-entity';
import { invoiceEntity } from '../invoices/invoice-entity';
import { PROCESSED_EVENT_TTL_SECONDS, processedEventEntity } from './processed-event-entity';
import type { ApplyOutcome, WebhookRepository } from './ports';

/**
 * Access patterns: GetItem of the customer's link and of the account (consistent); a
 * webhook's change is ONE TransactWriteItems: the processed event (conditional on absence),
 * the customer link, the account (conditional on its `lastEventCreated` as read) or its card
 * (conditional on `cardEventCreated`), the profile's subscription fields (conditional on the
 * profile existing), the invoice (conditional on its `lastEventCreated`), the outbox events.
 */
export function createWebhookRepository(client: DocumentClient, table: string): WebhookRepository {
  const service = new Service(
    {
      processed: processedEventEntity,
      link: customerLinkEntity,
      account: billingAccountEntity,
      profile: profileSubscription,
      invoice: invoiceEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { link, account, processed } = service.entities;

  return {
    async userOfCustomer(customerId) {
      const { data } = await link.get({ customerId }).go();
      return data?.userId ?? null;
    },
    async getAccount(userId) {
      const { data } = await account.get({ userId }).go({ consistent: true });
      return data ? toRecord(billingAccountEntity.schema, data) : null;
    },
    async wasApplied(eventId) {
      const { data } = await processed.get({ eventId }).go({ consistent: true });
      return data !== null;
    },
    async apply(change) {
      const items: TransactionItem[] = [];
      const conditions: (ApplyOutcome | null)[] = [];
      const add = (item: TransactionItem, condition: ApplyOutcome | null) => {
        items.push(item);
        conditions.push(condition);
      };
      const e = service.entities;
      add(
        e.processed
          .create({
            eventId: change.eventId,
            userId: change.userId,
            appliedAt: change.appliedAt,
            ttl: Math.floor(Date.parse(change.appliedAt) / 1000) + PROCESSED_EVENT_TTL_SECONDS,
          })
          .commit(),
        'duplicate',
      );
      if (change.linkCustomer)
        add(
          e.link
            .put({ customerId: change.customerId, userId: change.userId, createdAt: change.appliedAt })
            .commit(),
          null,
        );
      if (change.account) {
        const { record, readLastEventCreated } = change.account;
        add(
          e.account
            .upsert(toRow(record))
            // Absent values are removed, so the row holds exactly the applied state.
            .remove(
              (['subscriptionId', 'status', 'trialEnd', 'currentPeriodEnd', 'pastDueSince'] as const).filter(
                (name) => record[name] === null,
              ),
            )
            .where(({ lastEventCreated }, { eq, notExists }) =>
              readLastEventCreated === null
                ? notExists(lastEventCreated)
                : eq(lastEventCreated, readLastEventCreated),
            )
            .commit(),
          'changed',
        );
      }
      if (change.card)
        add(
          e.account
            .patch({ userId: change.userId })
            .set({ card: change.card, cardEventCreated: change.created, updatedAt: change.appliedAt })
            .where(
              ({ cardEventCreated }, { notExists, lte }) =>
                `(${notExists(cardEventCreated)} OR ${lte(cardEventCreated, change.created)})`,
            )
            .commit(),
          'stale',
        );
      if (change.profile) {
        const { trialEndsAt, pastDueSince, subscriptionStatus, subscriptionPlan } = change.profile;
        const patch = e.profile
          .patch({ userId: change.userId })
          .set({ subscriptionStatus, subscriptionPlan, ...(trialEndsAt ? { trialEndsAt } : {}) });
        if (pastDueSince) patch.set({ pastDueSince });
        else patch.remove(['pastDueSince']);
        add(patch.commit(), 'ignored');
      }
      if (change.invoice) {
        const created = change.invoice.lastEventCreated;
        add(
          e.invoice
            .upsert(toRow(change.invoice))
            .where(
              ({ lastEventCreated }, { notExists, lte }) =>
                `(${notExists(lastEventCreated)} OR ${lte(lastEventCreated, created)})`,
            )
            .commit(),
          'stale',
        );
      }
      for (const event of change.events) add(e.outbox.create(outboxItem(event)).commit(), null);
      const outcome = await transact(() => service.transaction.write(() => items).go(), conditions);
      return outcome === 'committed' ? 'applied' : outcome;
    },
  };
}
