import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { escapeHtml } from './layout';

/**
 * Message emails (docs/product/notifications-and-emails.md#message-email): one per burst of
 * unread messages.
 */
export type MessageEmailType = 'message_received';

export interface MessageReceivedEmailData {
  to: string;
  language: Language;
  /** The latest sender's business name. */
  senderName: string;
  /** The latest unread message's first characters. */
  preview: string;
  /** Every unread message of the recipient, in all conversations. */
  unreadTotal: number;
}

/** message_received: who wrote, what the latest message starts with, how many wait, and a link to the conversation. */
export function messageReceivedEmail(data: MessageReceivedEmailData, link: string): OutgoingEmail {
  const { language } = data;
  const senderName = data.senderName.trim() || t(language, 'messages.someone');
  const intro = t(language, 'messages.received.intro', { senderName });
  const preview = data.preview.trim();
  const unread =
    data.unreadTotal > 1
      ? t(language, 'messages.received.unreadMany', { count: data.unreadTotal })
      : t(language, 'messages.received.unreadOne');
  const action = t(language, 'messages.received.action');
  return {
    to: data.to,
    subject: t(language, 'messages.received.subject', { senderName }),
    text: [intro, '', ...(preview ? [`“${preview}”`, ''] : []), unread, '', `${action}: ${link}`].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      ...(preview ? [`<blockquote>${escapeHtml(preview)}</blockquote>`] : []),
      `<p>${escapeHtml(unread)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    ].join('\n'),
  };
}
