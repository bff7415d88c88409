import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAnonymousOffer,
  getOffer,
  getOfferStatus,
  listAnonymousOffers,
  listOffers,
  respondToAnonymousOffer,
  respondToOffer,
  startConversation,
  type AnonymousOffer,
  type ApiCall,
  type Offer,
  type StartConversation,
} from '@sneakers/shared';
import type { OfferAction } from '@sneakers/shared/rules/offer-transitions';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

export type OfferBox = 'received' | 'sent';

/** The first element is what the realtime `invalidate` frames would name. */
export const offerKeys = {
  all: ['offers'] as const,
  box: (box: OfferBox) => ['offers', box] as const,
  anonymous: () => ['offers', 'anonymous'] as const,
  one: (id: string) => ['offers', 'one', id] as const,
  anonymousOne: (id: string) => ['offers', 'anonymous-one', id] as const,
  status: (token: string) => ['offer-status', token] as const,
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

/** One offer with its group, wherever it sits in the lists (a link from an email or notification). */
export function useOffer(offerId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: offerKeys.one(offerId ?? ''),
    enabled: offerId !== null,
    retry: false,
    queryFn: ({ signal }) => api(getOffer, { params: { offerId: offerId ?? '' }, signal }),
  });
}

export function useAnonymousOffer(offerId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: offerKeys.anonymousOne(offerId ?? ''),
    enabled: offerId !== null,
    retry: false,
    queryFn: async ({ signal }) =>
      (await api(getAnonymousOffer, { params: { anonymousOfferId: offerId ?? '' }, signal })).offer,
  });
}

/** The anonymous sender's status page (public, by the secret token of their email). */
export function useOfferStatus(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: offerKeys.status(token),
    retry: false,
    queryFn: async ({ signal }) => (await api(getOfferStatus, { params: { token }, signal })).offer,
  });
}

export interface OfferResponse {
  offer: Offer;
  action: OfferAction;
  /** The counter price in cents and its optional note (counter only). */
  price?: number;
  message?: string;
}

const counterBody = (price: number | undefined, message: string | undefined) => ({
  action: 'counter' as const,
  price: price ?? 0,
  ...(message?.trim() ? { message: message.trim() } : {}),
});

/** Accept, decline, withdraw or counter; every offer query refetches (the offer moved in each). */
export function useRespondToOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, action, price, message }: OfferResponse) =>
      api(respondToOffer, {
        params: { offerId: offer.id },
        body: action === 'counter' ? counterBody(price, message) : { action },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

export interface AnonymousOfferResponse {
  offer: AnonymousOffer;
  action: 'accept' | 'decline' | 'counter';
  price?: number;
  message?: string;
}

export function useRespondToAnonymousOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offer, action, price, message }: AnonymousOfferResponse) =>
      api(respondToAnonymousOffer, {
        params: { anonymousOfferId: offer.id },
        body: action === 'counter' ? counterBody(price, message) : { action },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}

/** Opens (or reopens) the conversation with the other party of an offer, about its item. */
export function useStartConversation() {
  const api = useApi();
  return useMutation({
    mutationFn: async (body: StartConversation) => (await api(startConversation, { body })).conversation,
  });
}
