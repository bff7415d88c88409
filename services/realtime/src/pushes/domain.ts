import type * as z from 'zod/mini';
import {
  REALTIME_FRAME_MAX_BYTES,
  REALTIME_QUERY_KEYS,
  type RealtimeTopic,
  type ServerFrame,
} from '@sneakers/shared/contracts/realtime';
import type {
  conversationRead,
  EventDetail,
  flagsChanged,
  messageSent,
  notificationAdded,
  settingsChanged,
} from '@sneakers/events';
import { nowSeconds } from '../connections/domain';
import { PUBLIC_TOPIC } from '../connections/ports';
import type { PushDeps } from './ports';

export async function broadcast(
  deps: PushDeps,
  topic: RealtimeTopic,
  frame: ServerFrame,
): Promise<{ sent: number; gone: number }> {
  const data = JSON.stringify(frame);
  let sent = 0;
  let gone = 0;
  for await (const page of deps.connections.byTopic(topic, nowSeconds(deps))) {
    const result = await postAll(deps, page, [data]);
    sent += result.sent;
    gone += result.gone;
  }
  return { sent, gone };
}

/**
 * Posts the frames, in order, to each connection (the connections at once); a connection
 * found gone (410) gets no more of them and is forgotten, with its user's link to it.
 */
async function postAll(deps: PushDeps, connectionIds: string[], frames: string[], userId?: string) {
  const results = await Promise.all(
    connectionIds.map(async (id) => {
      for (const data of frames)
        if ((await deps.pusher.post(id, data)) === 'gone') return [id, 'gone'] as const;
      return [id, 'sent'] as const;
    }),
  );
  let sent = 0;
  let gone = 0;
  for (const [id, result] of results) {
    if (result === 'sent') sent++;
    else {
      gone++;
      await deps.connections.remove(id);
      if (userId) await deps.connections.unlink(userId, id);
    }
  }
  return { sent, gone };
}

/** Frames for one user's open connections only (every tab they have open), in this order. */
export async function pushToUser(deps: PushDeps, userId: string, ...frames: ServerFrame[]) {
  const connectionIds = await deps.connections.byUser(userId, nowSeconds(deps));
  return postAll(
    deps,
    connectionIds,
    frames.map((f) => JSON.stringify(f)),
    userId,
  );
}

export type SettingsChangedDetail = EventDetail<z.output<typeof settingsChanged.data>>;

/** Settings.Changed (already parsed by its consumer) → tell every open browser to refetch that setting. */
export async function onSettingsChanged(deps: PushDeps, detail: SettingsChangedDetail) {
  return broadcast(deps, 'settings', {
    type: 'invalidate',
    topic: 'settings',
    keys: [REALTIME_QUERY_KEYS[detail.data.setting]],
  });
}

export type InboxChangedDetail = EventDetail<z.output<typeof notificationAdded.data>>;

/**
 * Notification.Added or Notification.Read → the recipient's open browsers refetch their
 * notifications (the list and the sidebar's unread badge), on every tab.
 */
export async function onInboxChanged(deps: PushDeps, detail: InboxChangedDetail) {
  return pushToUser(deps, detail.data.recipientUserId, {
    type: 'invalidate',
    topic: 'notifications',
    keys: [REALTIME_QUERY_KEYS.notifications],
  });
}

export type FlagsChangedDetail = EventDetail<z.output<typeof flagsChanged.data>>;

/**
 * Flags.Changed → the affected browsers refetch their feature data, so a granted feature
 * appears without a reload. A flag or rule (`all`) can change anyone's features, signed in
 * or not (the start-up gate), so every open connection hears it on the public topic; a
 * grant or override (`user`) only reaches that user's tabs.
 */
export async function onFlagsChanged(deps: PushDeps, detail: FlagsChangedDetail) {
  const frame: ServerFrame = { type: 'invalidate', topic: 'features', keys: [REALTIME_QUERY_KEYS.features] };
  if (detail.data.scope === 'all') return broadcast(deps, PUBLIC_TOPIC, frame);
  return pushToUser(deps, detail.data.userId, frame);
}

const conversationsChanged: ServerFrame = {
  type: 'invalidate',
  topic: 'messages',
  keys: [REALTIME_QUERY_KEYS.conversations, REALTIME_QUERY_KEYS.messagesUnread],
};

/**
 * API Gateway refuses a frame over REALTIME_FRAME_MAX_BYTES (UTF-8): such a frame becomes
 * `fallback`, which makes the SPA refetch what the frame would have carried.
 */
export function fitFrame(frame: ServerFrame, fallback: ServerFrame): ServerFrame {
  return Buffer.byteLength(JSON.stringify(frame), 'utf8') > REALTIME_FRAME_MAX_BYTES ? fallback : frame;
}

export type MessageSentDetail = EventDetail<z.output<typeof messageSent.data>>;

/**
 * Message.Sent → the message itself to both participants' open tabs (the recipient's, and
 * the sender's other tabs), then an invalidate of their conversation lists and unread
 * badges. A message too big for one frame becomes an invalidate of the lists and threads.
 * A redelivery pushes it again: the SPA places messages by seq, so it shows once.
 */
export async function onMessageSent(deps: PushDeps, detail: MessageSentDetail) {
  const { recipientUserId, message } = detail.data;
  const frame = fitFrame(
    { type: 'message', message },
    {
      type: 'invalidate',
      topic: 'messages',
      keys: [REALTIME_QUERY_KEYS.conversations, REALTIME_QUERY_KEYS.messages],
    },
  );
  const users = [...new Set([recipientUserId, message.senderUserId])];
  const results = await Promise.all(
    users.map((userId) => pushToUser(deps, userId, frame, conversationsChanged)),
  );
  return {
    sent: results.reduce((n, r) => n + r.sent, 0),
    gone: results.reduce((n, r) => n + r.gone, 0),
  };
}

export type ConversationReadDetail = EventDetail<z.output<typeof conversationRead.data>>;

/** Conversation.Read → the reader's open tabs refetch their conversation list and unread badge. */
export async function onConversationRead(deps: PushDeps, detail: ConversationReadDetail) {
  return pushToUser(deps, detail.data.userId, conversationsChanged);
}

/**
 * A billing event (a subscription's change, its trial's notice, an invoice paid or failed) →
 * the user's open tabs refetch the billing section and their profile, whose subscription
 * fields the same transaction changed, so banners and "Choose a plan" follow at once.
 */
export async function onBillingChanged(deps: PushDeps, userId: string) {
  return pushToUser(deps, userId, {
    type: 'invalidate',
    topic: 'billing',
    keys: [REALTIME_QUERY_KEYS.billing, REALTIME_QUERY_KEYS.profile],
  });
}

/** Deals.Changed → the user's open tabs refetch the deals board and its sidebar badge. */
export async function onDealsChanged(deps: PushDeps, userId: string) {
  return pushToUser(deps, userId, { type: 'invalidate', topic: 'deals', keys: [REALTIME_QUERY_KEYS.deals] });
}
