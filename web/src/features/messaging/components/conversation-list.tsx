import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageSquare } from 'lucide-react';
import type { Conversation } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { pageItems } from '../../../lib/page-items';
import { cn } from '../../../lib/utils';
import { useConversations } from '../api/queries';
import { relativeTime } from '../model/format';
import { Avatar } from './avatar';
import { StarRating } from './star-rating';

/** Shown once however often the list fails (docs/product/messaging-and-ratings.md#conversation-list). */
const LOAD_ERROR_TOAST_ID = 'conversations-load-error';

/**
 * The conversation list, most recently active first: a navigation of buttons, the open
 * one marked aria-current. Loading, 'Failed to load conversations' with retry, and empty.
 */
export function ConversationList({
  userId,
  selectedId,
  onSelect,
}: {
  userId: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const query = useConversations();
  const conversations = pageItems(query.data, (page) => page.conversations);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    // Relative times ("5 min ago") move on while the list stays open.
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (query.isError && query.data === undefined)
      toast.error(t('messaging.loadError'), { id: LOAD_ERROR_TOAST_ID });
  }, [query.isError, query.data, t]);

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} className="min-h-48" />;
  if (query.isError && query.data === undefined)
    return (
      <div
        role="alert"
        data-testid="conversations-error"
        className="flex flex-col items-center gap-2 p-6 text-center text-sm"
      >
        <p>{t('messaging.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  if (conversations.length === 0)
    return (
      <div
        data-testid="conversations-empty"
        className="flex flex-col items-center gap-2 p-6 text-center text-sm text-neutral-600 dark:text-neutral-400"
      >
        <MessageSquare aria-hidden="true" className="h-8 w-8 text-neutral-400" />
        <p className="font-medium text-neutral-900 dark:text-neutral-100">{t('messaging.empty')}</p>
        <p>{t('messaging.emptyHint')}</p>
      </div>
    );

  return (
    <nav aria-label={t('messaging.listLabel')} className="flex min-h-0 flex-col">
      <ul data-testid="conversation-list" className="flex flex-col">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              userId={userId}
              selected={conversation.id === selectedId}
              now={now}
              onSelect={() => onSelect(conversation.id)}
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="m-2"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('common.loadMore')}
        </Button>
      ) : null}
    </nav>
  );
}

function ConversationRow({
  conversation,
  userId,
  selected,
  now,
  onSelect,
}: {
  conversation: Conversation;
  userId: string;
  selected: boolean;
  now: Date;
  onSelect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { partner, relatedItem, lastMessage, unreadCount } = conversation;
  const own = lastMessage?.senderUserId === userId;
  return (
    <button
      type="button"
      data-testid="conversation-row"
      data-conversation-id={conversation.id}
      data-unread={unreadCount}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'flex w-full items-start gap-3 border-b border-neutral-200 px-3 py-3 text-left hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-orange-500 dark:border-neutral-800 dark:hover:bg-neutral-800/60',
        selected && 'bg-orange-50 hover:bg-orange-50 dark:bg-orange-950/40 dark:hover:bg-orange-950/40',
      )}
    >
      <Avatar name={partner.businessName} url={partner.avatarUrl} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span
            data-testid="conversation-partner"
            className={cn('flex-1 truncate text-sm', unreadCount > 0 ? 'font-semibold' : 'font-medium')}
          >
            {partner.businessName}
          </span>
          {lastMessage ? (
            <time
              dateTime={lastMessage.createdAt}
              className="shrink-0 text-xs text-neutral-500 dark:text-neutral-400"
            >
              {relativeTime(lastMessage.createdAt, now, i18n.language)}
            </time>
          ) : null}
        </span>
        <StarRating value={partner.rating.average} count={partner.rating.count} />
        {relatedItem ? (
          <span
            data-testid="conversation-item"
            className="flex min-w-0 items-center gap-1.5 text-xs text-neutral-600 dark:text-neutral-400"
          >
            {relatedItem.imageUrl ? (
              <img
                src={relatedItem.imageUrl}
                alt=""
                loading="lazy"
                className="h-5 w-5 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
              />
            ) : null}
            <span className="truncate">{t('messaging.aboutItem', { name: relatedItem.name })}</span>
          </span>
        ) : null}
        <span className="flex items-center gap-2">
          <span
            data-testid="conversation-preview"
            className={cn(
              'flex-1 truncate text-xs',
              unreadCount > 0
                ? 'font-medium text-neutral-900 dark:text-neutral-100'
                : 'text-neutral-600 dark:text-neutral-400',
            )}
          >
            {lastMessage
              ? `${own ? `${t('messaging.you')}: ` : ''}${lastMessage.content}`
              : t('messaging.noMessagesYet')}
          </span>
          {unreadCount > 0 ? (
            <span
              data-testid="conversation-unread"
              className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white"
            >
              <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
              <span className="sr-only">{t('messaging.unread', { count: unreadCount })}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
