import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  checkFeatureAccess,
  createAccessRule,
  createFlag,
  deleteAccessRule,
  deleteFlag,
  deleteFlagGrant,
  deleteOverride,
  getStaleFlags,
  listAccessRules,
  listFlagGrants,
  listFlags,
  listOverrides,
  listUsers,
  setFlagGrant,
  setOverride,
  updateFlag,
  type ApiCall,
  type BodyOf,
  type CreateFlagInput,
  type UpdateFlagInput,
} from '@sneakers/shared';
import { useApi } from '../../../lib/api';

/** The code every flags route answers a signed-in user who is not a superuser with. */
export const SUPERUSER_REQUIRED = 'SUPERUSER_REQUIRED';

export function isSuperuserRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === SUPERUSER_REQUIRED;
}

/** The management screen's data; the decision data of the caller is `['features']` (lib/feature-access). */
export const flagsKeys = {
  all: ['flags'] as const,
  list: () => ['flags', 'list'] as const,
  grants: (name: string) => ['flags', 'grants', name] as const,
  overrides: () => ['flags', 'overrides'] as const,
  rules: () => ['flags', 'rules'] as const,
  stale: () => ['flags', 'stale'] as const,
  users: (search: string) => ['flags', 'users', search] as const,
};

/** A refusal for missing rights is an answer, not a failure: retrying cannot change it. */
const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 403 || error.status === 401)) && failureCount < 1;

export function flagsListOptions(api: ApiCall) {
  return queryOptions({
    queryKey: flagsKeys.list(),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api(listFlags, { signal })).flags,
  });
}

export function useFlagsList() {
  return useQuery(flagsListOptions(useApi()));
}

export function useFlagGrants(name: string) {
  const api = useApi();
  return useQuery({
    queryKey: flagsKeys.grants(name),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api(listFlagGrants, { params: { name }, signal })).grants,
  });
}

export function useOverrides() {
  const api = useApi();
  return useQuery({
    queryKey: flagsKeys.overrides(),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api(listOverrides, { signal })).overrides,
  });
}

export function useAccessRules() {
  const api = useApi();
  return useQuery({
    queryKey: flagsKeys.rules(),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api(listAccessRules, { signal })).rules,
  });
}

export function useStaleFlags() {
  const api = useApi();
  return useQuery({
    queryKey: flagsKeys.stale(),
    retry: retryUnlessRefused,
    queryFn: async ({ signal }) => (await api(getStaleFlags, { signal })).flags,
  });
}

export const USER_SEARCH_LIMIT = 10;

/** Users whose email or business name matches `search` (already debounced by the caller); idle when empty. */
export function useUserSearch(search: string) {
  const api = useApi();
  const term = search.trim();
  return useQuery({
    queryKey: flagsKeys.users(term),
    enabled: term.length > 0,
    retry: retryUnlessRefused,
    // The previous matches stay while the next search loads, so the list does not flicker per key.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (await api(listUsers, { query: { search: term, limit: USER_SEARCH_LIMIT }, signal })).users,
  });
}

/** Every write changes what the lists, the stale report and the check tool show. */
function useInvalidateFlags() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: flagsKeys.all });
}

export function useCreateFlag() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: async (body: CreateFlagInput) => (await api(createFlag, { body })).flag,
    onSuccess: invalidate,
  });
}

export function useUpdateFlag() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: async ({ name, body }: { name: string; body: UpdateFlagInput }) =>
      (await api(updateFlag, { params: { name }, body })).flag,
    onSuccess: invalidate,
  });
}

export function useDeleteFlag() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: (name: string) => api(deleteFlag, { params: { name } }),
    onSuccess: invalidate,
  });
}

export function useSetGrant() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: async ({ name, userId, granted }: { name: string; userId: string; granted: boolean }) =>
      (await api(setFlagGrant, { params: { name, userId }, body: { granted } })).grant,
    onSuccess: invalidate,
  });
}

export function useDeleteGrant() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: ({ name, userId }: { name: string; userId: string }) =>
      api(deleteFlagGrant, { params: { name, userId } }),
    onSuccess: invalidate,
  });
}

export function useSetOverride() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: async ({
      userId,
      feature,
      body,
    }: {
      userId: string;
      feature: string;
      body: BodyOf<typeof setOverride>;
    }) => (await api(setOverride, { params: { userId, feature }, body })).override,
    onSuccess: invalidate,
  });
}

export function useDeleteOverride() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: ({ userId, feature }: { userId: string; feature: string }) =>
      api(deleteOverride, { params: { userId, feature } }),
    onSuccess: invalidate,
  });
}

export function useCreateRule() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof createAccessRule>) => (await api(createAccessRule, { body })).rule,
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const api = useApi();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: (ruleId: string) => api(deleteAccessRule, { params: { ruleId } }),
    onSuccess: invalidate,
  });
}

/** The "check a user" tool: asked on demand, never cached across asks (the data may have changed). */
export function useCheckAccess() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ userId, feature }: { userId: string; feature: string }) =>
      api(checkFeatureAccess, { query: { userId, feature } }),
  });
}
