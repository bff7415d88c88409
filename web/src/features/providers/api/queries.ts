import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  createConsignment,
  createProvider,
  decideProvider,
  deleteProvider,
  getProvider,
  getProviderRegistration,
  getProviderRegistrationLink,
  listConsignments,
  listProviderIbanReveals,
  listProviders,
  markConsignmentReturned,
  markConsignmentSold,
  revealProviderIban,
  rotateProviderRegistrationLink,
  submitProviderRegistration,
  updateProvider,
  type ApiCall,
  type Consignment,
  type ConsignmentCreate,
  type IbanRevealPurpose,
  type Provider,
  type ProviderCreate,
  type ProviderRegistration,
  type ProviderStatus,
  type ProviderUpdate,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { useInvalidateMoney } from '../../../lib/money-queries';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** The first element is what the realtime `invalidate` frames name. */
export const providerKeys = {
  all: ['providers'] as const,
  lists: () => ['providers', 'list'] as const,
  list: (status: ProviderStatus | 'all') => ['providers', 'list', status] as const,
  one: (id: string) => ['providers', 'one', id] as const,
  link: () => ['providers', 'link'] as const,
  consignments: sharedQueryKeys.providerConsignments,
  ibanReveals: (providerId: string) => ['providers', 'ibanReveals', providerId] as const,
  registration: (storeUserId: string, token: string) =>
    ['providers', 'registration', storeUserId, token] as const,
};

export const PROVIDERS_PAGE_SIZE = 50;

export function providersListOptions(api: ApiCall, status: ProviderStatus | 'all') {
  return cursorPagesOptions({
    queryKey: providerKeys.list(status),
    fetchPage: (cursor, signal) =>
      api(listProviders, {
        query: { ...(status === 'all' ? {} : { status }), cursor, limit: PROVIDERS_PAGE_SIZE },
        signal,
      }),
  });
}

export function providerOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: providerKeys.one(id),
    queryFn: async ({ signal }) => (await api(getProvider, { params: { providerId: id }, signal })).provider,
  });
}

export function registrationLinkOptions(api: ApiCall) {
  return queryOptions({
    queryKey: providerKeys.link(),
    queryFn: async ({ signal }) => (await api(getProviderRegistrationLink, { signal })).token,
  });
}

export function registrationOptions(api: ApiCall, storeUserId: string, token: string) {
  return queryOptions({
    queryKey: providerKeys.registration(storeUserId, token),
    retry: false,
    queryFn: async ({ signal }) =>
      (await api(getProviderRegistration, { params: { storeUserId, token }, signal })).store,
  });
}

export function useProviders(status: ProviderStatus | 'all') {
  const api = useApi();
  return useInfiniteQuery(providersListOptions(api, status));
}

export function useProvider(id: string) {
  const api = useApi();
  return useQuery(providerOptions(api, id));
}

export function useRegistrationLink() {
  const api = useApi();
  return useQuery(registrationLinkOptions(api));
}

export function useRegistration(storeUserId: string, token: string) {
  const api = useApi();
  return useQuery(registrationOptions(api, storeUserId, token));
}

function useProviderSaved() {
  const queryClient = useQueryClient();
  return (provider: Provider) => {
    queryClient.setQueryData(providerKeys.one(provider.id), provider);
    return queryClient.invalidateQueries({ queryKey: providerKeys.lists() });
  };
}

export function useCreateProvider() {
  const api = useApi();
  const saved = useProviderSaved();
  return useMutation({
    mutationFn: async (body: ProviderCreate) => (await api(createProvider, { body })).provider,
    onSuccess: saved,
  });
}

export function useUpdateProvider(id: string) {
  const api = useApi();
  const saved = useProviderSaved();
  return useMutation({
    mutationFn: async (body: ProviderUpdate) =>
      (await api(updateProvider, { params: { providerId: id }, body })).provider,
    onSuccess: saved,
  });
}

export function useDecideProvider() {
  const api = useApi();
  const saved = useProviderSaved();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      (await api(decideProvider, { params: { providerId: id }, body: { decision } })).provider,
    onSuccess: saved,
  });
}

export function useDeleteProvider() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await api(deleteProvider, { params: { providerId: id } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: providerKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: providerKeys.lists() });
    },
  });
}

export function useRotateRegistrationLink() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api(rotateProviderRegistrationLink)).token,
    onSuccess: (token) => {
      queryClient.setQueryData(providerKeys.link(), token);
      return queryClient.invalidateQueries({ queryKey: providerKeys.link() });
    },
  });
}

export function useSubmitRegistration(storeUserId: string, token: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ProviderRegistration) =>
      api(submitProviderRegistration, { params: { storeUserId, token }, body }),
  });
}

// ---------------------------------------------------------------- IBAN reveal

/**
 * Reveals the provider's full IBAN (recorded by the server). The answer is never put in
 * the query cache: it lives only in the component that asked, so it goes when that closes.
 */
export function useRevealIban(providerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (purpose: IbanRevealPurpose) =>
      (await api(revealProviderIban, { params: { providerId }, body: { purpose } })).iban,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.ibanReveals(providerId) }),
  });
}

export function ibanRevealsOptions(api: ApiCall, providerId: string) {
  return queryOptions({
    queryKey: providerKeys.ibanReveals(providerId),
    queryFn: async ({ signal }) =>
      (await api(listProviderIbanReveals, { params: { providerId }, signal })).reveals,
  });
}

export function useIbanReveals(providerId: string, enabled = true) {
  const api = useApi();
  return useQuery({ ...ibanRevealsOptions(api, providerId), enabled });
}

// ---------------------------------------------------------------- consignments

/** Newest first (the API already lists them so; kept stable whatever the order received). */
function newestConsignmentsFirst(consignments: readonly Consignment[]): Consignment[] {
  return [...consignments].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
}

export function consignmentsOptions(api: ApiCall, providerId: string) {
  return queryOptions({
    queryKey: providerKeys.consignments(providerId),
    queryFn: async ({ signal }) =>
      newestConsignmentsFirst((await api(listConsignments, { params: { providerId }, signal })).consignments),
  });
}

export function useConsignments(providerId: string) {
  const api = useApi();
  return useQuery(consignmentsOptions(api, providerId));
}

/**
 * Refetches the provider's consignments after any mutation, failed ones too: a 409 means
 * the list (or the provider's status) changed under us.
 */
function useConsignmentsSettled(providerId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: providerKeys.consignments(providerId) });
}

export function useCreateConsignment(providerId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const settled = useConsignmentsSettled(providerId);
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: ConsignmentCreate; idempotencyKey: string }) =>
      (await api(createConsignment, { params: { providerId }, body, idempotencyKey })).consignment,
    onError: (error) => {
      // The provider is no longer approved: refresh it so the page hides the add button.
      if (error instanceof ApiError && error.code === 'PROVIDER_NOT_APPROVED')
        void queryClient.invalidateQueries({ queryKey: providerKeys.one(providerId) });
    },
    onSettled: settled,
  });
}

export function useMarkConsignmentSold(providerId: string) {
  const api = useApi();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: async ({ consignmentId, salePrice }: { consignmentId: string; salePrice: number }) =>
      (
        await api(markConsignmentSold, {
          params: { providerId, consignmentId },
          body: { salePrice },
        })
      ).consignment,
    // The store now owes the provider: the balance card, the payments page and the overview move.
    onSettled: () => invalidateMoney({ kind: 'consignmentSold', providerId }),
  });
}

export function useMarkConsignmentReturned(providerId: string) {
  const api = useApi();
  const settled = useConsignmentsSettled(providerId);
  return useMutation({
    mutationFn: async (consignmentId: string) =>
      (await api(markConsignmentReturned, { params: { providerId, consignmentId } })).consignment,
    onSettled: settled,
  });
}
