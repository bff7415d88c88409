import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { listNotifications, markNotificationRead, type ApiCall } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';

/** The first element is what the realtime `invalidate` frames would name. */
export const notificationKeys = {
  all: ['notifications'] as const,
};

export const NOTIFICATIONS_PAGE_SIZE = 50;

/** Each page also carries the unread count (the first page's is the current one). */
export function notificationsOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: notificationKeys.all,
    fetchPage: (cursor, signal) =>
      api(listNotifications, { query: { cursor, limit: NOTIFICATIONS_PAGE_SIZE }, signal }),
  });
}

export function useNotifications() {
  const api = useApi();
  return useInfiniteQuery(notificationsOptions(api));
}

export function useMarkNotificationRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(markNotificationRead, { params: { notificationId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
