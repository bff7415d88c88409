import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  listAuditLog,
  listUsers,
  updateComingSoonSettings,
  updateSignupSettings,
  type ApiCall,
  type AuditAction,
  type ComingSoonUpdate,
  type SignupUpdate,
} from '@sneakers/shared';
import { extendTrial } from '@sneakers/shared/contracts/billing';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { settingsKeys } from '../../../lib/site-settings';

/** The first element is what the realtime `invalidate` frames name. */
export const adminKeys = {
  users: ['admin.users'] as const,
  userList: (search: string) => ['admin.users', 'list', search] as const,
  audit: ['admin.audit'] as const,
  auditList: (action: AuditAction | '', actor: string) => ['admin.audit', 'list', action, actor] as const,
};

export const USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 25;

/** A refusal (403: not a superuser) will not change on a retry. */
const retryUnlessRefused = (failures: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 403)) && failures < 1;

/** Every user, newest first; `search` (business name or email) narrows on the server. */
export function usersOptions(api: ApiCall, search: string) {
  return {
    ...cursorPagesOptions({
      queryKey: adminKeys.userList(search),
      fetchPage: (cursor, signal) =>
        api(listUsers, {
          query: { cursor, limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
    retry: retryUnlessRefused,
    // The screen's access check and its Users tab read the same first page: once.
    staleTime: 60_000,
  };
}

export function useAdminUsers(search: string) {
  const api = useApi();
  return useInfiniteQuery(usersOptions(api, search));
}

export interface AuditFilter {
  action: AuditAction | '';
  actor: string;
}

/** The audit log, newest first, filtered on the server. */
export function auditOptions(api: ApiCall, filter: AuditFilter) {
  return {
    ...cursorPagesOptions({
      queryKey: adminKeys.auditList(filter.action, filter.actor),
      fetchPage: (cursor, signal) =>
        api(listAuditLog, {
          query: {
            cursor,
            limit: AUDIT_PAGE_SIZE,
            ...(filter.action ? { action: filter.action } : {}),
            ...(filter.actor ? { actor: filter.actor } : {}),
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
    retry: retryUnlessRefused,
  };
}

export function useAuditLog(filter: AuditFilter) {
  const api = useApi();
  return useInfiniteQuery(auditOptions(api, filter));
}

/** Saves the coming-soon settings; the public read (and the audit log) refresh with the answer. */
export function useSaveComingSoon() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ComingSoonUpdate) => (await api(updateComingSoonSettings, { body })).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.comingSoon, settings);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export function useSaveSignup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignupUpdate) => (await api(updateSignupSettings, { body })).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.signup, settings);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** POST /api/admin/users/{userId}/trial-extension: the users list (trial end, status) and the audit log refresh. */
export function useExtendTrial() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, days }: { userId: string; days: number }) =>
      api(extendTrial, { params: { userId }, body: { days } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
