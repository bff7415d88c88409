import { useQuery } from '@tanstack/react-query';
import { getUnreadMessages } from '@sneakers/shared';
import { useApi } from '../../../lib/api';
import { messagingKeys } from './keys';

/**
 * The sidebar's badge: unread messages over all conversations. Undefined while loading or
 * when the read fails (the badge then stays hidden; the app goes on). Kept fresh by the
 * realtime pushes of every message sent or conversation read.
 */
export function useUnreadMessages(enabled = true): number | undefined {
  const api = useApi();
  const query = useQuery({
    queryKey: messagingKeys.unread,
    enabled,
    retry: false,
    queryFn: async ({ signal }) => (await api(getUnreadMessages, { signal })).unreadTotal,
  });
  return query.data;
}
