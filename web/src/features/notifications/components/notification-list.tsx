import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PagedList } from '../../../components/paged-list';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { pageItems } from '../../../lib/page-items';
import { cn } from '../../../lib/utils';
import { useMarkNotificationRead, useNotifications } from '../api/queries';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export function NotificationList() {
  const { t, i18n } = useTranslation();
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const notifications = useMemo(() => pageItems(query.data, (p) => p.notifications), [query.data]);
  const unread = query.data?.pages[0]?.unread;
  return (
    <>
      {unread !== undefined && (
        <p data-testid="notifications-unread" className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('notifications.unread', { count: unread })}
        </p>
      )}
      <PagedList
        query={query}
        items={notifications}
        getKey={(n) => n.id}
        label={t('sections.notifications')}
        testId="notifications"
        errorText={t('notifications.loadError')}
        empty={t('notifications.empty')}
        rowTestId="notification-row"
        rowClassName={(n) =>
          cn(
            // Stacked on phones (the button under the text), side by side from sm up.
            'flex flex-col gap-3 rounded-xl border p-3 text-sm sm:flex-row sm:items-start',
            n.read
              ? 'border-neutral-200 dark:border-neutral-800'
              : 'border-orange-300 bg-orange-50 dark:border-orange-800 dark:bg-orange-950',
          )
        }
        listClassName="flex flex-col gap-2"
        renderItem={(n) => (
          <>
            <div className="flex min-w-0 flex-1 flex-col gap-1 break-words">
              <div className="flex flex-wrap items-center gap-2">
                <span data-testid="notification-title" className="min-w-0 font-semibold">
                  {n.title}
                </span>
                {!n.read && <Badge tone="orange">{t('notifications.new')}</Badge>}
              </div>
              <p data-testid="notification-body">{n.body}</p>
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
                className="self-start"
                data-testid="notification-mark-read"
                disabled={markRead.isPending}
                onClick={() =>
                  markRead.mutate(n.id, {
                    onError: (error) => isDemoRefusal(error) || toast.error(t('notifications.markError')),
                  })
                }
              >
                {t('notifications.markRead')}
              </Button>
            )}
          </>
        )}
      />
    </>
  );
}
