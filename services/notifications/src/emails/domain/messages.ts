import type { messagesUnread } from '@sneakers/events';
import { appLink, messageReceivedEmail } from '../index';
import { emailAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/** The SPA's messages section, opened on one conversation. */
export function conversationLink(conversationId: string): string {
  return `/dashboard/messages?conversation=${encodeURIComponent(conversationId)}`;
}

/**
 * Messages.Unread (messages unread MESSAGE_EMAIL_DELAY_MINUTES, one event per burst) → the
 * message_received email in the recipient's language, when their email setting allows it;
 * once per event. Usage tracking off
 * (docs/product/notifications-and-emails.md#usage-tracking). No in-app notification: the sidebar's
 * unread badge already shows messages.
 */
export async function onMessagesUnread(
  deps: EmailsDeps,
  event: DetailOf<typeof messagesUnread>,
): Promise<void> {
  const { data } = event;
  const { recipient, language } = await recipientOf(deps, data.recipientUserId);
  const to = emailAddressOf(recipient, 'message_received');
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'message_received', data.recipientUserId),
    messageReceivedEmail(
      { to, language, senderName: data.senderName, preview: data.preview, unreadTotal: data.unreadTotal },
      appLink(deps.appUrl, conversationLink(data.conversationId)),
    ),
    false,
  );
}
