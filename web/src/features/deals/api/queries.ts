import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  createOffers,
  getDealSettings,
  hideDeal,
  listDeals,
  listHiddenDeals,
  markDealsSeen,
  startConversation,
  unhideDeal,
  updateDealSettings,
  updateMyProfile,
  type ApiCall,
  type Deal,
  type DealHide,
  type DealSettings,
  type UserProfile,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { emitAuthEvent } from '../../../lib/session/auth-events';
import { profileKeys } from '../../../lib/session/profile-query';
import { isOfferable } from '../model/deal-view';
import { dealsKeys, type DealFilters } from './keys';

export const DEALS_PAGE_SIZE = 24;

type BoardPage = Awaited<ReturnType<typeof fetchBoardPage>>;

function fetchBoardPage(api: ApiCall, filters: DealFilters, cursor: string | undefined, signal: AbortSignal) {
  return api(listDeals, {
    query: {
      sort: filters.sort,
      brand: filters.brand || undefined,
      size: filters.size.trim() || undefined,
      cursor,
      limit: DEALS_PAGE_SIZE,
    },
    signal,
  });
}

/** The board, a page per fetch, for one sort and filter. */
export function dealsBoardOptions(api: ApiCall, filters: DealFilters) {
  return cursorPagesOptions({
    queryKey: dealsKeys.board(filters),
    fetchPage: (cursor, signal) => fetchBoardPage(api, filters, cursor, signal),
  });
}

/** Opening the board clears the badge: this tab at once, the user's other tabs by the server's push. */
export function useMarkDealsSeen() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(markDealsSeen, {}),
    onSuccess: ({ newDeals }) => queryClient.setQueryData(dealsKeys.badge, newDeals),
  });
}

/** Whether a hide takes this deal off the board: the deal itself, or every deal with that partner. */
export function hiddenBy(hide: Pick<DealHide, 'kind' | 'targetId'>, deal: Deal): boolean {
  return hide.kind === 'deal' ? deal.id === hide.targetId : deal.partner.userId === hide.targetId;
}

/**
 * Hide a deal or a partner. The board drops it at once (optimistic) and gets it back if the
 * server refuses (a demo refusal included); the pages refetch either way.
 */
export function useHideDeal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { kind: DealHide['kind']; targetId: string; label?: string }) =>
      (await api(hideDeal, { body })).hidden,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: dealsKeys.boards });
      const before = queryClient.getQueriesData<InfiniteData<BoardPage>>({ queryKey: dealsKeys.boards });
      queryClient.setQueriesData<InfiniteData<BoardPage>>({ queryKey: dealsKeys.boards }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                deals: page.deals.filter((deal) => !hiddenBy(body, deal)),
              })),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _body, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
  });
}

export function useHiddenDeals(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: dealsKeys.hidden,
    enabled,
    queryFn: async ({ signal }) => (await api(listHiddenDeals, { signal })).hidden,
  });
}

export function useUnhideDeal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hideId: string) => api(unhideDeal, { params: { hideId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
  });
}

export function useDealSettings(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: dealsKeys.settings,
    enabled,
    queryFn: async ({ signal }) => (await api(getDealSettings, { signal })).settings,
  });
}

/** Fees change every deal's net margin: the board refetches with the saved settings. */
export function useUpdateDealSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<DealSettings>) => (await api(updateDealSettings, { body })).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(dealsKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: dealsKeys.boards });
    },
  });
}

/** The board's "Show my profile in deals" button: the profile's switch, then the session's copy and the board follow. */
export function useShowInDeals(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(updateMyProfile, { body: { profileVisibleInDeals: true } }),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData<{ profile: UserProfile | null; failed: boolean }>(profileKeys.mine(userId), {
        profile,
        failed: false,
      });
      emitAuthEvent('USER_UPDATED');
      void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
    },
  });
}

export interface DealOffer {
  deal: Deal;
  /** The size as the partner's item names it (the line must be one of their sizes). */
  size: string;
  offeredPrice: number;
  message: string;
  idempotencyKey: string;
}

/**
 * The offer on the partner's item: the same `POST /api/offers` the public list's offer flow
 * sends, so it lands in the partner's Offers section where they accept, counter or decline.
 */
export function useMakeDealOffer() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ deal, size, offeredPrice, message, idempotencyKey }: DealOffer) => {
      const listType = deal.theirs.listType;
      if (!isOfferable(listType)) throw new Error(`A ${listType} item takes no offers`);
      return api(createOffers, {
        body: {
          listOwnerId: deal.partner.userId,
          listType,
          lines: [{ itemId: deal.theirs.id, size, offeredPrice, quantity: 1 }],
          message: message.trim() || null,
        },
        idempotencyKey,
      });
    },
  });
}

/** Opens (or reuses) the conversation with the partner about their item. */
export function useMessagePartner() {
  const api = useApi();
  return useMutation({
    mutationFn: async (deal: Deal) =>
      (
        await api(startConversation, {
          body: {
            partnerUserId: deal.partner.userId,
            relatedItem: {
              ownerUserId: deal.partner.userId,
              listType: deal.theirs.listType,
              itemId: deal.theirs.id,
            },
          },
        })
      ).conversation,
  });
}
