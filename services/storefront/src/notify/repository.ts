import * as z from 'zod/mini';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import { productEntity } from '../catalog/product-entity';
import { setupEntity } from '../setup/setup-entity';
import type { ListedSize, NotifyRepository, Subscription, SubscriptionKey } from './ports';
import { subscriptionEntity } from './subscription-entity';
import { notifyTokenEntity } from './token-entity';

/** The sizes of a product row's `sizeRun` and `offers` (document attributes: checked on the way in). */
const listedSizes = z.array(z.object({ label: z.string(), chart: z.nullable(z.object({ eu: z.string() })) }));

function sizesOf(...lists: unknown[]): ListedSize[] {
  return lists.flatMap((list) => {
    const parsed = z.safeParse(listedSizes, list);
    return parsed.success ? parsed.data : [];
  });
}

const keyOf = ({ storeUserId, productId, sizeKey, email }: SubscriptionKey): SubscriptionKey => ({
  storeUserId,
  productId,
  sizeKey,
  email,
});

/**
 * Access patterns: GetItem of the set-up, the profile (business name only), a product row, a
 * subscription and a link; Query of one size's subscriptions (the store's partition, by the
 * `productId, sizeKey` prefix; every page). A request is one transaction with its links and
 * event, an email after a restock one with the removal, its link and its event.
 */
export function createNotifyRepository(client: DocumentClient, table: string): NotifyRepository {
  const service = new Service(
    {
      subscription: subscriptionEntity,
      link: notifyTokenEntity,
      setup: setupEntity,
      product: productEntity,
      profile: profileView,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { subscription, link, setup, product, profile } = service.entities;

  return {
    async getSetup(storeUserId) {
      const [{ data }, owner] = await Promise.all([
        setup.get({ storeUserId }).go({ attributes: ['enabled', 'name'] }),
        profile.get({ userId: storeUserId }).go({ attributes: ['closingSince'] }),
      ]);
      return data
        ? { enabled: data.enabled, name: data.name, closing: Boolean(owner.data?.closingSince) }
        : null;
    },
    async getBusinessName(storeUserId) {
      const { data } = await profile.get({ userId: storeUserId }).go({ attributes: ['businessName'] });
      return data?.businessName ?? null;
    },
    async getProduct(storeUserId, productId) {
      const { data } = await product
        .get({ storeUserId, productId })
        .go({ attributes: ['name', 'sizeRun', 'offers'] });
      return data ? { name: data.name, sizes: sizesOf(data.sizeRun, data.offers) } : null;
    },
    async getSubscription(key) {
      const { data } = await subscription.get(keyOf(key)).go({ consistent: true });
      return data ?? null;
    },
    async saveRequest(row, mode, links, event) {
      return transact(
        () =>
          service.transaction
            .write(({ subscription: s, link: l, outbox }) => [
              mode === 'create'
                ? s.create(row).commit()
                : s
                    .put(row)
                    .where(({ status }, { eq }) => eq(status, 'pending'))
                    .commit(),
              ...links.map((item) => l.create(item).commit()),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['duplicate'],
      );
    },
    async getLink(tokenHash) {
      const { data } = await link.get({ tokenHash }).go({ consistent: true });
      return data ?? null;
    },
    async confirm(key, confirmTokenHash, confirmedAt, ttl) {
      return transact(
        () =>
          service.transaction
            .write(({ subscription: s }) => [
              s
                .patch(keyOf(key))
                .set({ status: 'confirmed', confirmedAt, ttl })
                .where(
                  ({ status, confirmTokenHash: hash }, { eq }) =>
                    `${eq(status, 'pending')} AND ${eq(hash, confirmTokenHash)}`,
                )
                .commit(),
            ])
            .go(),
        ['stale'],
      );
    },
    async remove(key) {
      await subscription.delete(keyOf(key)).go();
    },
    async listConfirmed(storeUserId, productId, sizeKey) {
      // The key is a prefix (`eu:42` also finds `eu:42.5`): only the exact size counts.
      const { data } = await subscription.query
        .byStore({ storeUserId, productId, sizeKey })
        .go({ pages: 'all', consistent: true });
      return data.filter((s: Subscription) => s.sizeKey === sizeKey && s.status === 'confirmed');
    },
    async notify(key, unsubscribeLink, event) {
      return transact(
        () =>
          service.transaction
            .write(({ subscription: s, link: l, outbox }) => [
              s
                .delete(keyOf(key))
                .where(({ status }, { eq }) => eq(status, 'confirmed'))
                .commit(),
              l.create(unsubscribeLink).commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        ['gone'],
      );
    },
  };
}
