import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  listNotifications,
  markNotificationRead,
  REALTIME_QUERY_KEYS,
  type ApiCall,
  type RealtimeQueryKey,
} from '@sneakers/shared';
import { isSupportedLanguage, type Language } from '../../../i18n';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/**
 * The first element is what the realtime `invalidate` frames name (a notification added or
 * read pushes `notifications`): the list and the sidebar's unread count both refetch. The
 * list's key holds the UI language, so switching it re-reads the texts in that language.
 */
export const NOTIFICATIONS_QUERY_KEY = REALTIME_QUERY_KEYS.notifications;
export const notificationKeys = {
  all: [NOTIFICATIONS_QUERY_KEY] as const,
  list: (language: Language) => [NOTIFICATIONS_QUERY_KEY, 'list', language] as const,
  unread: [NOTIFICATIONS_QUERY_KEY, 'unread'] as const,
};

/** Refetched whenever the signed-in user's socket (re)subscribes: a push may have been missed. */
export const NOTIFICATIONS_REALTIME_KEYS: readonly RealtimeQueryKey[] = [NOTIFICATIONS_QUERY_KEY];

export const NOTIFICATIONS_PAGE_SIZE = 50;

function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return isSupportedLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** Each page also carries the unread count (the first page's is the current one). */
export function notificationsOptions(api: ApiCall, language: Language) {
  return cursorPagesOptions({
    queryKey: notificationKeys.list(language),
    fetchPage: (cursor, signal) =>
      api(listNotifications, { query: { cursor, limit: NOTIFICATIONS_PAGE_SIZE, language }, signal }),
  });
}

export function useNotifications() {
  const api = useApi();
  return useInfiniteQuery(notificationsOptions(api, useUiLanguage()));
}

/**
 * The unread count for the sidebar badge: one notification read for its count. Undefined
 * while loading or when the read fails (the badge then stays hidden; the app goes on).
 */
export function useUnreadNotifications(enabled = true): number | undefined {
  const api = useApi();
  const query = useQuery({
    queryKey: notificationKeys.unread,
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await api(listNotifications, { query: { limit: 1 }, signal })).unread,
  });
  return query.data;
}

export function useMarkNotificationRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  const language = useUiLanguage();
  return useMutation({
    mutationFn: (id: string) =>
      api(markNotificationRead, { params: { notificationId: id }, query: { language } }),
    // This tab at once; the server's push (Notification.Read) tells the user's other tabs.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
