import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertCircle, ArrowLeft, Clock } from 'lucide-react';
import type { Conversation, Message } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useLoadOlder, useThread } from '../api/queries';
import { dayLabel, timeOfDay } from '../model/format';
import { usePendingMessages } from '../model/outbox';
import { dayKey, unconfirmed, type PendingMessage } from '../model/thread';
import { Avatar } from './avatar';
import { Composer } from './composer';
import { StarRating } from './star-rating';

export interface ThreadPaneProps {
  conversation: Conversation;
  userId: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (content: string) => void;
  onRetry: (clientMessageId: string) => void;
  onBack: () => void;
}

/** One conversation: its partner, the messages in server order (a live log) and the composer. */
export function ThreadPane({
  conversation,
  userId,
  draft,
  onDraftChange,
  onSend,
  onRetry,
  onBack,
}: ThreadPaneProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { partner, relatedItem } = conversation;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="thread-pane"
      data-conversation-id={conversation.id}
      className="flex min-h-0 flex-1 flex-col"
    >
      <header className="flex items-center gap-3 border-b border-neutral-200 p-3 dark:border-neutral-800">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t('messaging.back')}
          data-testid="thread-back"
          onClick={onBack}
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Avatar name={partner.businessName} url={partner.avatarUrl} />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <h2 id={titleId} data-testid="thread-partner" className="truncate text-base font-semibold">
            {partner.businessName}
          </h2>
          <StarRating value={partner.rating.average} count={partner.rating.count} testId="thread-rating" />
        </div>
        {relatedItem ? (
          <div
            data-testid="thread-item"
            className="hidden max-w-[45%] items-center gap-2 text-xs text-neutral-600 sm:flex dark:text-neutral-400"
          >
            {relatedItem.imageUrl ? (
              <img
                src={relatedItem.imageUrl}
                alt=""
                loading="lazy"
                className="h-9 w-9 shrink-0 rounded bg-neutral-100 object-cover dark:bg-neutral-800"
              />
            ) : null}
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium text-neutral-800 dark:text-neutral-200">
                {relatedItem.name}
              </span>
              <span className="truncate">{relatedItem.sku}</span>
            </span>
          </div>
        ) : null}
      </header>
      <ThreadMessages
        conversationId={conversation.id}
        partnerName={partner.businessName}
        userId={userId}
        onRetry={onRetry}
      />
      <Composer
        partnerName={partner.businessName}
        draft={draft}
        onDraftChange={onDraftChange}
        onSend={onSend}
      />
    </section>
  );
}

function ThreadMessages({
  conversationId,
  partnerName,
  userId,
  onRetry,
}: {
  conversationId: string;
  partnerName: string;
  userId: string;
  onRetry: (clientMessageId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const query = useThread(conversationId);
  const older = useLoadOlder(conversationId);
  const pending = usePendingMessages(conversationId);
  const messages = query.data?.messages ?? [];
  const waiting = unconfirmed(messages, pending, userId);
  const [now] = useState(() => new Date());
  const log = useRef<HTMLDivElement>(null);
  const newest = `${messages.at(-1)?.id ?? ''}:${waiting.length}`;

  useLayoutEffect(() => {
    // New messages (and the first load) show the bottom of the thread.
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  useEffect(() => {
    if (older.isError) console.warn('Could not load older messages', older.error);
  }, [older.isError, older.error]);

  if (query.isPending) return <CenteredSpinner label={t('common.loading')} className="flex-1" />;
  if (query.isError && !query.data)
    return (
      <div
        role="alert"
        data-testid="thread-error"
        className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-sm"
      >
        <p>{t('messaging.threadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );

  const words = { today: t('messaging.today'), yesterday: t('messaging.yesterday') };
  let previousDay = '';
  const separator = (iso: string) => {
    const day = dayKey(iso);
    if (day === previousDay) return null;
    previousDay = day;
    return (
      <li role="separator" data-testid="day-separator" className="my-2 flex items-center gap-2">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden="true" />
        <span className="text-xs font-medium text-neutral-500 dark:text-neutral-400">
          {dayLabel(iso, now, i18n.language, words)}
        </span>
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" aria-hidden="true" />
      </li>
    );
  };

  return (
    <div
      ref={log}
      role="log"
      aria-live="polite"
      aria-label={t('messaging.threadLabel', { name: partnerName })}
      data-testid="thread"
      tabIndex={0}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-orange-500"
    >
      {query.data?.hasOlder ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-center"
          data-testid="thread-load-older"
          disabled={older.isPending}
          onClick={() => older.mutate()}
        >
          {t('messaging.loadOlder')}
        </Button>
      ) : null}
      {messages.length === 0 && waiting.length === 0 ? (
        <p className="m-auto text-sm text-neutral-500 dark:text-neutral-400">
          {t('messaging.noMessagesYet')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {messages.map((message) => (
          <Fragment key={message.id}>
            {separator(message.createdAt)}
            <MessageBubble message={message} own={message.senderUserId === userId} />
          </Fragment>
        ))}
        {waiting.map((message) => (
          <Fragment key={message.clientMessageId}>
            {separator(message.createdAt)}
            <PendingBubble message={message} onRetry={() => onRetry(message.clientMessageId)} />
          </Fragment>
        ))}
      </ol>
    </div>
  );
}

const bubble = 'flex max-w-[85%] flex-col gap-0.5 rounded-2xl px-3 py-2 text-sm sm:max-w-[70%]';
const ownBubble = 'self-end rounded-br-sm bg-orange-600 text-white dark:bg-orange-500 dark:text-neutral-950';
const theirBubble =
  'self-start rounded-bl-sm bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100';

function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      data-testid="message"
      data-seq={message.seq}
      data-own={own}
      data-status="sent"
      data-client-message-id={message.clientMessageId}
      className={cn(bubble, own ? ownBubble : theirBubble)}
    >
      <span
        className={cn('text-xs font-semibold', own ? 'sr-only' : 'text-neutral-600 dark:text-neutral-300')}
      >
        {own ? t('messaging.you') : message.senderName}
      </span>
      <p data-testid="message-content" className="break-words whitespace-pre-wrap">
        {message.content}
      </p>
      <time
        dateTime={message.createdAt}
        className={cn(
          'self-end text-[11px]',
          own ? 'text-orange-100 dark:text-neutral-800' : 'text-neutral-500',
        )}
      >
        {timeOfDay(message.createdAt, i18n.language)}
      </time>
    </li>
  );
}

function PendingBubble({ message, onRetry }: { message: PendingMessage; onRetry: () => void }) {
  const { t } = useTranslation();
  const failed = message.status === 'failed';
  return (
    <li
      data-testid="message"
      data-own="true"
      data-status={message.status}
      data-client-message-id={message.clientMessageId}
      className={cn(bubble, ownBubble, 'opacity-80', failed && 'bg-red-700 dark:bg-red-400')}
    >
      <span className="sr-only">{t('messaging.you')}</span>
      <p data-testid="message-content" className="break-words whitespace-pre-wrap">
        {message.content}
      </p>
      <span className="flex items-center justify-end gap-2 text-[11px]">
        {failed ? (
          <>
            <AlertCircle aria-hidden="true" className="h-3 w-3" />
            <span role="alert">{t('messaging.failed')}</span>
            <button
              type="button"
              data-testid="message-retry"
              onClick={onRetry}
              className="rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-white"
            >
              {t('messaging.retry')}
            </button>
          </>
        ) : (
          <>
            <Clock aria-hidden="true" className="h-3 w-3" />
            <span>{t('messaging.sending')}</span>
          </>
        )}
      </span>
    </li>
  );
}
