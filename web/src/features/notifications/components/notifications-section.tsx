import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { listNotifications, markNotificationRead } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { useApi } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useSession } from '../../auth';
import { useDemoMode } from '../../demo';

export function NotificationsSection() {
  const { t } = useTranslation();
  const session = useSession();
  const isDemo = useDemoMode();
  const title = t('sections.notifications');
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {isDemo || session.status !== 'signed-in' ? <NotAvailable section={title} /> : <NotificationList />}
    </div>
  );
}

function NotificationList() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: ['notifications'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(listNotifications, { query: { cursor: pageParam, limit: 50 }, signal }),
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const markRead = useMutation({
    mutationFn: (id: string) => api(markNotificationRead, { params: { notificationId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    onError: () => toast.error(t('notifications.markError')),
  });
  if (query.isPending) return <CenteredSpinner label={t('common.loading')} />;
  if (query.isError)
    return (
      <p role="alert" className="p-6 text-center text-sm">
        {t('notifications.loadError')}
      </p>
    );
  const notifications = query.data.pages.flatMap((p) => p.notifications);
  const unread = query.data.pages[0]?.unread ?? 0;
  return (
    <>
      <p data-testid="notifications-unread" className="text-sm text-neutral-600 dark:text-neutral-400">
        {t('notifications.unread', { count: unread })}
      </p>
      {notifications.length === 0 ? (
        <p data-testid="notifications-empty" className="p-6 text-center text-sm text-neutral-500">
          {t('notifications.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {notifications.map((n) => (
            <li
              key={n.id}
              data-testid="notification-row"
              className={cn(
                'flex items-start gap-3 rounded-xl border p-3 text-sm',
                n.read
                  ? 'border-neutral-200 dark:border-neutral-800'
                  : 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950',
              )}
            >
              <div className="flex flex-1 flex-col gap-1">
                <div className="flex items-center gap-2">
                  <span className="font-semibold">{n.title}</span>
                  {!n.read && <Badge tone="orange">{t('notifications.new')}</Badge>}
                </div>
                <p>{n.body}</p>
                <span className="text-xs text-neutral-500">
                  {new Date(n.createdAt).toLocaleString(i18n.language)}
                </span>
                {n.link && (
                  <Link to={n.link} className="text-xs text-orange-700 underline dark:text-orange-400">
                    {t('notifications.open')}
                  </Link>
                )}
              </div>
              {!n.read && (
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="notification-mark-read"
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate(n.id)}
                >
                  {t('notifications.markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void query.fetchNextPage()}>
          {t('lists.loadMore')}
        </Button>
      )}
    </>
  );
}
