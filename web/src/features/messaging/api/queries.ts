import { useCallback, useEffect, useRef } from 'react';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ApiError,
  CONVERSATIONS_STALE_MS,
  createRating,
  startConversation,
  getConversation,
  getRatingSummary,
  listConversations,
  listMessages,
  listRatings,
  listTradingPartners,
  markConversationRead,
  sendMessage,
  type ApiCall,
  type Conversation,
  type CreateRating,
  type Message,
} from '@sneakers/shared';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useApi } from '../../../lib/api';
import { cursorPagesOptions } from '../../../lib/paged-query';
import { onRealtimeMessage } from '../../../lib/realtime';
import { outbox } from '../model/outbox';
import { messagingKeys, type RatingDirection } from './keys';
import { applyIncoming, lastSeq, mergeMessages, newClientMessageId, type ThreadData } from '../model/thread';

export const CONVERSATIONS_PAGE_SIZE = 30;
export const THREAD_PAGE_SIZE = 50;
const CATCH_UP_PAGE_SIZE = 100;
/** A catch-up stops after this many pages; the rest comes with the next refetch. */
const CATCH_UP_MAX_PAGES = 10;

/** The list refetches when the tab becomes visible and it is older than 5 minutes (docs/product/messaging-and-ratings.md#conversation-list). */
export function conversationsOptions(api: ApiCall) {
  return {
    ...cursorPagesOptions({
      queryKey: messagingKeys.list,
      fetchPage: (cursor, signal) =>
        api(listConversations, { query: { cursor, limit: CONVERSATIONS_PAGE_SIZE }, signal }),
    }),
    staleTime: CONVERSATIONS_STALE_MS,
    refetchOnWindowFocus: true,
  };
}

export function useConversations() {
  const api = useApi();
  return useInfiniteQuery(conversationsOptions(api));
}

export function conversationOptions(api: ApiCall, id: string) {
  return queryOptions({
    queryKey: messagingKeys.one(id),
    retry: (count: number, error: Error) =>
      count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    queryFn: async ({ signal }) =>
      (await api(getConversation, { params: { conversationId: id }, signal })).conversation,
  });
}

/** One conversation: a deep link may name one the loaded list page does not hold. */
export function useConversation(id: string | null) {
  const api = useApi();
  return useQuery({ ...conversationOptions(api, id ?? ''), enabled: id !== null });
}

/**
 * A thread: the latest messages first; once loaded, every refetch (a reconnect, a gap in
 * the pushed seqs, the tab coming back) asks only for the ones after the last it has.
 */
export function threadOptions(api: ApiCall, queryClient: QueryClient, conversationId: string) {
  const key = messagingKeys.thread(conversationId);
  const params = { conversationId };
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }): Promise<ThreadData> => {
      const existing = queryClient.getQueryData<ThreadData>(key);
      if (!existing || existing.messages.length === 0) {
        const page = await api(listMessages, { params, query: { limit: THREAD_PAGE_SIZE }, signal });
        return { messages: mergeMessages([], page.messages), hasOlder: page.hasMore };
      }
      let messages = existing.messages;
      for (let page = 0; page < CATCH_UP_MAX_PAGES; page += 1) {
        const answer = await api(listMessages, {
          params,
          query: { after: lastSeq(messages), limit: CATCH_UP_PAGE_SIZE },
          signal,
        });
        messages = mergeMessages(messages, answer.messages);
        if (!answer.hasMore || answer.messages.length === 0) break;
      }
      // Pushes that arrived while this ran are in the cache: keep them too.
      const now = queryClient.getQueryData<ThreadData>(key);
      return {
        messages: mergeMessages(now?.messages ?? [], messages),
        hasOlder: now?.hasOlder ?? existing.hasOlder,
      };
    },
  });
}

export function useThread(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery(threadOptions(api, queryClient, conversationId));
}

/** Loads the page before the first loaded message ("Load earlier messages"). */
export function useLoadOlder(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = messagingKeys.thread(conversationId);
      const thread = queryClient.getQueryData<ThreadData>(key);
      const first = thread?.messages[0]?.seq;
      if (!thread || first === undefined) return;
      const page = await api(listMessages, {
        params: { conversationId },
        query: { before: first, limit: THREAD_PAGE_SIZE },
      });
      queryClient.setQueryData<ThreadData>(key, (current) => ({
        messages: mergeMessages(current?.messages ?? [], page.messages),
        hasOlder: page.hasMore,
      }));
    },
  });
}

/** Lost connections and busy servers are retried with the same client message id. */
export function isRetryableSend(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || (error.status === 409 && error.code === 'BUSY'))
  );
}

export const SEND_RETRIES = 3;
/** 0.5 s, 1 s, 2 s between the attempts of one send. */
export const sendRetryDelay = (attempt: number) => 500 * 2 ** attempt;

interface SendVariables {
  conversationId: string;
  clientMessageId: string;
  content: string;
}

/** The server's message into the cached thread (the optimistic one steps aside for it). */
export function addToThread(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<ThreadData>(messagingKeys.thread(message.conversationId), (thread) =>
    thread ? { ...thread, messages: mergeMessages(thread.messages, [message]) } : thread,
  );
}

/**
 * Optimistic sending: the message shows at once as sending, the server's answer replaces
 * it; a lost connection retries with the SAME client message id (the server answers the
 * first send again, so nothing doubles); a send that still fails stays with "Retry".
 * A refused send (demo mode) is taken back and its text handed to `onRefused`.
 */
export function useSendMessage(onRefused: (conversationId: string, content: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  const mutation = useMutation({
    mutationFn: async ({ conversationId, clientMessageId, content }: SendVariables) =>
      (await api(sendMessage, { params: { conversationId }, body: { clientMessageId, content } })).message,
    retry: (failures, error) => failures < SEND_RETRIES && isRetryableSend(error),
    retryDelay: sendRetryDelay,
    onSuccess: (message, { conversationId, clientMessageId }) => {
      addToThread(queryClient, message);
      outbox.remove(conversationId, clientMessageId);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
    onError: (error, { conversationId, clientMessageId, content }) => {
      if (isDemoRefusal(error)) {
        // The app's demo toast says why (query-client.ts); the text goes back to the composer.
        outbox.remove(conversationId, clientMessageId);
        refused.current(conversationId, content);
        return;
      }
      outbox.update(conversationId, clientMessageId, 'failed');
    },
  });
  const { mutate } = mutation;
  return {
    send(conversationId: string, content: string) {
      const clientMessageId = newClientMessageId();
      outbox.add({
        conversationId,
        clientMessageId,
        content,
        createdAt: new Date().toISOString(),
        status: 'sending',
      });
      mutate({ conversationId, clientMessageId, content });
    },
    retry(conversationId: string, clientMessageId: string) {
      const pending = outbox.find(conversationId, clientMessageId);
      if (!pending) return;
      outbox.update(conversationId, clientMessageId, 'sending');
      mutate({ conversationId, clientMessageId, content: pending.content });
    },
  };
}

/** The caller's unread count of a conversation, set in the cached list page and detail. */
function setConversationUnread(queryClient: QueryClient, conversationId: string, unreadCount: number) {
  const patch = (c: Conversation) => (c.id === conversationId ? { ...c, unreadCount } : c);
  queryClient.setQueryData<InfiniteData<{ conversations: Conversation[]; cursor: string | null }>>(
    messagingKeys.list,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, conversations: page.conversations.map(patch) })),
      },
  );
  queryClient.setQueryData<Conversation>(messagingKeys.one(conversationId), (c) => c && patch(c));
}

/**
 * mark_conversation_as_read: the badge and the list drop at once here; the server's push
 * (Conversation.Read) tells the user's other tabs. Not a mutation: a failure is quiet (the
 * count just stays), and no one should see an error toast for reading.
 */
export function useMarkRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<string>());
  return useCallback(
    async (conversationId: string) => {
      if (inFlight.current.has(conversationId)) return;
      inFlight.current.add(conversationId);
      try {
        const { unreadTotal } = await api(markConversationRead, { params: { conversationId } });
        queryClient.setQueryData(messagingKeys.unread, unreadTotal);
        setConversationUnread(queryClient, conversationId, 0);
      } catch (error) {
        console.warn('Could not mark the conversation as read', error);
      } finally {
        inFlight.current.delete(conversationId);
      }
    },
    [api, queryClient],
  );
}

/**
 * Pushed messages into the cached threads: appended in seq order once each; a seq past
 * last + 1 means one was missed, so that thread catches up over HTTP. `onMessage` hears
 * every message (the open thread marks a partner's as read).
 */
export function useRealtimeMessages(onMessage: (message: Message) => void) {
  const queryClient = useQueryClient();
  const listener = useRef(onMessage);
  useEffect(() => {
    listener.current = onMessage;
  });
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        const key = messagingKeys.thread(message.conversationId);
        const thread = queryClient.getQueryData<ThreadData>(key);
        if (thread) {
          const result = applyIncoming(thread, message);
          if (result.kind === 'appended') queryClient.setQueryData(key, result.thread);
          if (result.kind === 'gap') void queryClient.invalidateQueries({ queryKey: key, exact: true });
        }
        listener.current(message);
      }),
    [queryClient],
  );
}

/** A user's rating summary (mine on the ratings section). */
export function useRatingSummary(userId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: messagingKeys.userRating(userId ?? ''),
    enabled: userId !== null,
    queryFn: async ({ signal }) =>
      (await api(getRatingSummary, { params: { userId: userId ?? '' }, signal })).summary,
  });
}

export function ratingsOptions(api: ApiCall, direction: RatingDirection) {
  return cursorPagesOptions({
    queryKey: messagingKeys.ratingList(direction),
    fetchPage: (cursor, signal) => api(listRatings, { query: { direction, cursor, limit: 50 }, signal }),
  });
}

export function useRatings(direction: RatingDirection) {
  const api = useApi();
  return useInfiniteQuery(ratingsOptions(api, direction));
}

export function tradingPartnersOptions(api: ApiCall) {
  return cursorPagesOptions({
    queryKey: messagingKeys.partners,
    fetchPage: (cursor, signal) => api(listTradingPartners, { query: { cursor, limit: 50 }, signal }),
  });
}

export function useTradingPartners() {
  const api = useApi();
  return useInfiniteQuery(tradingPartnersOptions(api));
}

/**
 * Opens (or reopens) the conversation with a trading partner. The caller navigates on
 * success; a demo refusal is told by the app's demo toast.
 */
export function useStartConversation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (partnerUserId: string) =>
      (await api(startConversation, { body: { partnerUserId } })).conversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.conversations }),
  });
}

export function useCreateRating() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateRating) => (await api(createRating, { body })).rating,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagingKeys.ratings }),
        queryClient.invalidateQueries({ queryKey: ['user-rating'] }),
        queryClient.invalidateQueries({ queryKey: messagingKeys.conversations }),
      ]),
  });
}
