import { auditEntity } from '@sneakers/shared/audit/audit-entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { billingAccountEntity } from './billing-account-entity';
import { customerLinkEntity } from './customer-link-entity';
import { PROFILE_FIELDS, type AccountsRepository } from './ports';

/**
 * Access patterns: GetItem of the account by user (consistent: sign-up and the webhook race
 * to create it) and a projected GetItem of the profile; the account's create is one
 * TransactWriteItems with its customer link; a trial extension is one with its audit entry.
 */
export function createAccountsRepository(client: DocumentClient, table: string): AccountsRepository {
  const service = new Service(
    { account: billingAccountEntity, link: customerLinkEntity, profile: profileView, audit: auditEntity },
    { client, table },
  );
  const { account, profile } = service.entities;

  return {
    async getAccount(userId) {
      const { data } = await account.get({ userId }).go({ consistent: true });
      return data ? toRecord(billingAccountEntity.schema, data) : null;
    },
    async getProfile(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: [...PROFILE_FIELDS] });
      return data ? toRecord(profileView.schema, data) : null;
    },
    async createAccount(record) {
      // The link is a plain put: a webhook may have written the same one first.
      return transact(
        () =>
          service.transaction
            .write(({ account: a, link }) => [
              a.create(toRow(record)).commit(),
              link
                .put({ customerId: record.customerId, userId: record.userId, createdAt: record.createdAt })
                .commit(),
            ])
            .go(),
        ['exists'],
      );
    },
    async setFirstSubscription(userId, subscriptionId, now) {
      await conditional(
        () =>
          account
            .patch({ userId })
            .set({ subscriptionId, updatedAt: now })
            .where(({ subscriptionId: current }, { notExists }) => notExists(current))
            .go(),
        'named',
      );
    },
    async recordTrialExtension(userId, subscriptionId, audit, now) {
      await transact(() =>
        service.transaction
          .write(({ account: a, audit: log }) => [
            a.patch({ userId }).set({ subscriptionId, updatedAt: now }).commit(),
            log.create(audit).commit(),
          ])
          .go(),
      );
    },
  };
}
