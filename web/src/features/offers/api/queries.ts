import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { listAnonymousOffers, listOffers, respondToOffer, type ApiCall, type Offer } from '@sneakers/shared';
import type { OfferAction } from '@sneakers/shared/rules/offer-transitions';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

export type OfferBox = 'received' | 'sent';

/** The first element is what the realtime `invalidate` frames would name. */
export const offerKeys = {
  all: ['offers'] as const,
  box: (box: OfferBox) => ['offers', box] as const,
  anonymous: () => ['offers', 'anonymous'] as const,
};

export const OFFERS_PAGE_SIZE = 50;

export function offersOptions(api: ApiCall, box: OfferBox) {
  return cursorPagesOptions({
    queryKey: offerKeys.box(box),
    fetchPage: (cursor, signal) =>
      api(listOffers, { query: { box, cursor, limit: OFFERS_PAGE_SIZE }, signal }),
  });
}

export function anonymousOffersOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: offerKeys.anonymous(),
    fetchPage: (cursor, signal) =>
      api(listAnonymousOffers, { query: { cursor, limit: OFFERS_PAGE_SIZE }, signal }),
  });
}

export function useOffers(box: OfferBox) {
  const api = useApi();
  return useInfiniteQuery(offersOptions(api, box));
}

export function useAnonymousOffers() {
  const api = useApi();
  return useInfiniteQuery(anonymousOffersOptions(api));
}

export interface OfferResponse {
  offer: Offer;
  action: OfferAction;
  /** The counter price in cents (counter only). */
  price?: number;
}

/** Accept, decline, withdraw or counter; both boxes refetch (the offer moved in either). */
export function useRespondToOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, action, price }: OfferResponse) =>
      api(respondToOffer, {
        params: { offerId: offer.id },
        body: action === 'counter' ? { action, price: price ?? 0 } : { action },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
