import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, type Conversation } from '@sneakers/shared';
import { NotAvailable } from '../../../components/not-available';
import { CenteredSpinner } from '../../../components/ui/spinner';
import { pageItems } from '../../../lib/page-items';
import { cn } from '../../../lib/utils';
import { useSession } from '../../../lib/session/use-session';
import { useDemoMode } from '../../../lib/demo/demo-mode';
import {
  useConversation,
  useConversations,
  useMarkRead,
  useRealtimeMessages,
  useSendMessage,
} from '../api/queries';
import { ConversationList } from './conversation-list';
import { ThreadPane } from './thread';

/** The query parameter that names the open conversation (deep links from emails and "Message" buttons). */
export const CONVERSATION_PARAM = 'conversation';

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The messages section: the conversation list and the open conversation side by side; on
 * a phone the list, then the thread with a back button. The open one is in the address
 * (/dashboard/messages?conversation={id}).
 */
export function MessagingSection() {
  const { t } = useTranslation();
  const session = useSession();
  const title = t('messaging.title');
  if (session.status === 'loading') return <CenteredSpinner label={t('common.loading')} />;
  if (session.status !== 'signed-in')
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <NotAvailable section={title} />
      </div>
    );
  return <Messages userId={session.userId} />;
}

function Messages({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CONVERSATION_PARAM);
  const isDemo = useDemoMode();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const setDraft = useCallback(
    (conversationId: string, draft: string) => setDrafts((all) => ({ ...all, [conversationId]: draft })),
    [],
  );

  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(CONVERSATION_PARAM, id);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: false },
    );

  const { send, retry } = useSendMessage((conversationId, content) =>
    // A refused send (demo) gives its text back unless something new was typed meanwhile.
    setDrafts((all) => (all[conversationId] ? all : { ...all, [conversationId]: content })),
  );

  // The open conversation: from the loaded list, or read on its own (a deep link).
  const list = useConversations();
  const listed = pageItems(list.data, (page) => page.conversations).find((c) => c.id === selectedId);
  const detail = useConversation(selectedId);
  const conversation: Conversation | undefined = detail.data ?? listed;

  const markRead = useMarkRead();
  const readIfVisible = useOpenConversationReads(selectedId, conversation, isDemo, markRead);
  useRealtimeMessages((message) => {
    if (message.conversationId === selectedId && message.senderUserId !== userId) readIfVisible();
  });

  return (
    <div className="flex min-h-0 flex-col gap-4">
      <h1 className={cn('text-2xl font-bold tracking-tight', selectedId && 'max-md:sr-only')}>
        {t('messaging.title')}
      </h1>
      <div className="flex h-[calc(100svh-10rem)] min-h-[28rem] overflow-hidden rounded-xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
        <div
          data-testid="conversations-pane"
          className={cn(
            'flex min-h-0 w-full flex-col overflow-y-auto md:w-80 md:shrink-0 md:border-r md:border-neutral-200 md:dark:border-neutral-800',
            selectedId && 'max-md:hidden',
          )}
        >
          <ConversationList userId={userId} selectedId={selectedId} onSelect={select} />
        </div>
        <div className={cn('flex min-h-0 min-w-0 flex-1 flex-col', !selectedId && 'max-md:hidden')}>
          {!selectedId ? (
            <p className="m-auto p-6 text-sm text-neutral-500 dark:text-neutral-400">
              {t('messaging.selectPrompt')}
            </p>
          ) : conversation ? (
            <ThreadPane
              key={conversation.id}
              conversation={conversation}
              userId={userId}
              draft={drafts[conversation.id] ?? ''}
              onDraftChange={(draft) => setDraft(conversation.id, draft)}
              onSend={(content) => send(conversation.id, content)}
              onRetry={(clientMessageId) => retry(conversation.id, clientMessageId)}
              onBack={() => select(null)}
            />
          ) : detail.isError ? (
            <div
              role="alert"
              data-testid="conversation-not-found"
              className="m-auto flex flex-col items-center gap-2 p-6 text-center text-sm"
            >
              <p>
                {detail.error instanceof ApiError && detail.error.status === 404
                  ? t('messaging.notFound')
                  : t('messaging.threadError')}
              </p>
            </div>
          ) : (
            <CenteredSpinner label={t('common.loading')} className="flex-1" />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * mark_conversation_as_read for the open conversation: when it opens, when it shows unread
 * messages, and when a partner's message arrives, each time only while the tab is visible
 * (a hidden tab reads them when it comes back). The demo identity reads only.
 */
function useOpenConversationReads(
  selectedId: string | null,
  conversation: Conversation | undefined,
  isDemo: boolean,
  markRead: (conversationId: string) => Promise<void>,
) {
  const missed = useRef(false);
  const readIfVisible = useCallback(() => {
    if (!selectedId || isDemo) return;
    if (!isVisible()) {
      missed.current = true;
      return;
    }
    missed.current = false;
    void markRead(selectedId);
  }, [selectedId, isDemo, markRead]);

  const unread = conversation?.unreadCount ?? 0;
  const loaded = conversation !== undefined;
  useEffect(() => {
    if (loaded) readIfVisible();
  }, [loaded, readIfVisible]);
  useEffect(() => {
    if (unread > 0) readIfVisible();
  }, [unread, readIfVisible]);
  useEffect(() => {
    const onVisibility = () => {
      if (isVisible() && (missed.current || unread > 0)) readIfVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [unread, readIfVisible]);
  return readIfVisible;
}
