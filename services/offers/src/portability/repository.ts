import { DELETED_ACCOUNT_NAME, DELETED_ACCOUNT_USER_ID } from '@sneakers/shared/contracts/deleted-account';
import type { AccountRowsEraser } from '@sneakers/shared/portability/owner';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { anonymousOfferEntity } from '../anonymous-offers/anonymous-offer-entity';
import { offerStatusLinkEntity } from '../anonymous-offers/offer-status-link-entity';
import { offerEntity } from '../offers/offer-entity';

/** Statuses in which an offer still waits on someone: the sender's deletion withdraws it. */
const OPEN = new Set(['pending', 'countered']);

/**
 * A closed account's offers (docs/product/accounts.md#closing-the-account): the offers it
 * received (signed-in and anonymous, with their status links) go; the offers it sent stay in
 * the receiving stores' inboxes, withdrawn when still open, with the sender shown as a deleted
 * account and its message removed (the accepted ones' orders are the stores' own records, in
 * commerce). Queries of the account's inbox, outbox and partition; no Scan.
 */
export function createOffersEraser(
  client: DocumentClient,
  table: string,
  clock: { now(): Date },
): AccountRowsEraser {
  const { offers, anonymous, links } = new Service(
    { offers: offerEntity, anonymous: anonymousOfferEntity, links: offerStatusLinkEntity },
    { client, table },
  ).entities;

  return {
    passes: (userId, limit) => [
      async () => {
        const { data } = await offers.query
          .received({ storeUserId: userId })
          .go({ limit, attributes: ['id'] });
        if (data.length) await offers.delete(data.map(({ id }) => ({ id }))).go();
        return { deleted: data.length, anonymised: 0 };
      },
      // Rewritten whole (the sender is part of the outbox's key), so the next page no longer finds them.
      async () => {
        const { data } = await offers.query.sent({ resellerUserId: userId }).go({ limit });
        const now = clock.now().toISOString();
        for (const offer of data) {
          const { message: _message, ...kept } = offer;
          await offers
            .put({
              ...kept,
              resellerUserId: DELETED_ACCOUNT_USER_ID,
              senderBusinessName: DELETED_ACCOUNT_NAME,
              status: OPEN.has(offer.status) ? 'withdrawn' : offer.status,
              updatedAt: now,
            })
            .go();
        }
        return { deleted: 0, anonymised: data.length };
      },
      async () => {
        const { data } = await anonymous.query
          .byOwner({ storeUserId: userId })
          .go({ limit, attributes: ['id', 'statusToken'] });
        const tokens = data.flatMap(({ statusToken }) => (statusToken ? [{ token: statusToken }] : []));
        if (tokens.length) await links.delete(tokens).go();
        if (data.length) await anonymous.delete(data.map(({ id }) => ({ storeUserId: userId, id }))).go();
        return { deleted: data.length + tokens.length, anonymised: 0 };
      },
    ],
  };
}
