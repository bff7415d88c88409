import type { Message } from '@sneakers/shared/contracts/message-values';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service, toRecord } from '@sneakers/shared/table/entity';
import { outboxEntity, outboxItem } from '@sneakers/shared/table/outbox';
import { transact } from '@sneakers/shared/table/transaction';
import { conversationEntity } from '../conversations/conversation-entity';
import { conversationMemberEntity } from '../conversations/conversation-member-entity';
import type { LastMessage } from '../conversations/ports';
import { createConversationsRepository } from '../conversations/repository';
import { EMAIL_QUEUE, unreadCounterEntity } from '../unread/unread-counter-entity';
import { createUnreadRepository } from '../unread/repository';
import { messageClientIdEntity } from './message-client-id-entity';
import { messageEntity, type MessageItem } from './message-entity';
import type { MessagesRepository } from './ports';
import { preview, seqKey } from './rules';

/** The list shows the newest message's first characters; the thread reads the message itself. */
function toLastMessage(message: Message): LastMessage {
  return {
    seq: message.seq,
    senderUserId: message.senderUserId,
    content: preview(message.content),
    createdAt: message.createdAt,
  };
}

/** The row without its computed sort key (the padded seq): what the API answers. */
function toMessage(row: MessageItem): Message {
  const { seqKey: _key, ...message } = row;
  return message;
}

/**
 * Access patterns (no Scan): consistent GetItem for the conversation (its lastSeq before a
 * send), a client message id and a message; the conversation's partition for its messages
 * in seq order. A send is one TransactWriteItems through the shared `transact`, with its
 * outbox event. The inbox row, the profile and the counter are the other areas' reads.
 */
export function createMessagesRepository(client: DocumentClient, table: string): MessagesRepository {
  const service = new Service(
    {
      conversation: conversationEntity,
      member: conversationMemberEntity,
      message: messageEntity,
      clientId: messageClientIdEntity,
      counter: unreadCounterEntity,
      outbox: outboxEntity,
    },
    { client, table },
  );
  const { conversation, message, clientId } = service.entities;
  const { getMember, getProfile } = createConversationsRepository(client, table);
  const { getCounter } = createUnreadRepository(client, table);

  return {
    getMember,
    getProfile,
    getCounter,
    async getConversation(conversationId) {
      const { data } = await conversation.get({ conversationId }).go({ consistent: true });
      return data ? toRecord(conversationEntity.schema, data) : null;
    },
    sendMessage: ({ message: m, previousSeq, senderUserId, recipientUserId, counter: change, event }) => {
      const last = toLastMessage(m);
      const lastFields = {
        lastConversationId: m.conversationId,
        lastSenderName: m.senderName,
        lastPreview: preview(m.content),
      };
      return transact(
        () =>
          service.transaction
            .write(({ clientId: k, conversation: cv, message: msg, member: mb, counter: ct, outbox }) => [
              k
                .create({
                  conversationId: m.conversationId,
                  senderUserId,
                  clientMessageId: m.clientMessageId,
                  seq: m.seq,
                })
                .commit(),
              cv
                .patch({ conversationId: m.conversationId })
                .set({ lastSeq: m.seq, lastMessage: last, updatedAt: m.createdAt })
                .where(({ lastSeq }, { eq }) => eq(lastSeq, previousSeq))
                .commit(),
              msg.create({ ...m, seqKey: seqKey(m.seq) }).commit(),
              mb
                .patch({ userId: senderUserId, conversationId: m.conversationId })
                .set({ lastMessage: last, updatedAt: m.createdAt })
                .commit(),
              mb
                .patch({ userId: recipientUserId, conversationId: m.conversationId })
                .set({ lastMessage: last, updatedAt: m.createdAt })
                .add({ unreadCount: 1 })
                .commit(),
              change.kind === 'keepDue'
                ? ct
                    .update({ userId: recipientUserId })
                    .add({ total: 1 })
                    .set(lastFields)
                    .where(({ emailDueAt }, { eq }) => eq(emailDueAt, change.emailDueAt))
                    .commit()
                : ct
                    .update({ userId: recipientUserId })
                    .add({ total: 1 })
                    .set({ ...lastFields, emailQueue: EMAIL_QUEUE, emailDueAt: change.emailDueAt })
                    .where(({ emailDueAt }, { notExists }) => notExists(emailDueAt))
                    .commit(),
              outbox.create(outboxItem(event)).commit(),
            ])
            .go(),
        // Positional: the client id, the seq (conversation, then message), the members, the counter.
        ['duplicate', 'seqTaken', 'seqTaken', null, null, 'counterChanged'],
      );
    },
    async getClientMessageSeq(conversationId, senderUserId, clientMessageId) {
      const { data } = await clientId
        .get({ conversationId, senderUserId, clientMessageId })
        .go({ consistent: true });
      return data?.seq ?? null;
    },
    async getMessage(conversationId, seq) {
      const { data } = await message.get({ conversationId, seqKey: seqKey(seq) }).go({ consistent: true });
      return data ? toMessage(data) : null;
    },
    async listMessages(conversationId, { after, before, limit }) {
      // One more than asked says whether there are more that way.
      const go = { limit: limit + 1 };
      const query = message.query.bySeq({ conversationId });
      const { data } =
        after !== undefined
          ? await query.gt({ seqKey: seqKey(after) }).go({ ...go, order: 'asc' })
          : before !== undefined
            ? await query.lt({ seqKey: seqKey(before) }).go({ ...go, order: 'desc' })
            : await query.go({ ...go, order: 'desc' });
      const hasMore = data.length > limit;
      const rows = data.slice(0, limit).map(toMessage);
      return { messages: after !== undefined ? rows : rows.reverse(), hasMore };
    },
  };
}
