import type { Clock } from '@sneakers/shared/clock';
import type { RelatedItem } from '@sneakers/shared/contracts/messaging';
import type { Message } from '@sneakers/shared/contracts/message-values';
import type { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import type { Role } from '@sneakers/shared/contracts/profile-values';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';
import type { Committed } from '@sneakers/shared/table/transaction';
import type { OutboxEvent } from '@sneakers/shared/table/outbox';

/** What messaging reads of a profile (shared/src/views/profile-view.ts). */
export interface ProfileSummary {
  userId: string;
  role: Role;
  businessName: string;
  avatarUrl: string | null;
}

export interface SummaryCounts {
  count: number;
  sum: number;
}

export interface LastMessage {
  seq: number;
  senderUserId: string;
  content: string;
  createdAt: string;
}

export interface ConversationRecord {
  conversationId: string;
  storeUserId: string;
  resellerUserId: string;
  relatedItem: RelatedItem | null;
  lastSeq: number;
  lastMessage: LastMessage | null;
  createdAt: string;
  updatedAt: string;
}

/** A participant's inbox row of a conversation. */
export interface MemberRecord {
  userId: string;
  conversationId: string;
  partnerUserId: string;
  side: Role;
  relatedItem: RelatedItem | null;
  lastMessage: LastMessage | null;
  unreadCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface UnreadCounterRecord {
  userId: string;
  total: number;
  emailDueAt: string | null;
  lastConversationId: string | null;
  lastSenderName: string | null;
  lastPreview: string | null;
}

export interface ItemSummary {
  ownerUserId: string;
  listType: (typeof LIST_TYPES)[number];
  itemId: string;
  name: string;
  sku: string;
  imageUrl: string | null;
}

export interface RatingRecord {
  rateeUserId: string;
  raterUserId: string;
  raterName: string;
  rateeName: string;
  stars: number;
  comment: string | null;
  offerId: string;
  createdAt: string;
}

export interface TradingPartnerRecord {
  userId: string;
  partnerUserId: string;
  offerId: string;
  itemName: string;
  tradedAt: string;
}

/** The two sides of an accepted offer (shared/src/views/offer-view.ts). */
export interface AcceptedOffer {
  id: string;
  storeUserId: string;
  resellerUserId: string;
  itemName: string;
  status: string;
}

/** What a page of conversations or partners needs besides its own rows, read in one BatchGetItem. */
export interface PartnerDetails {
  profiles: Map<string, ProfileSummary>;
  summaries: Map<string, SummaryCounts>;
  /** The caller's stars for each partner they rated (only when asked for). */
  myRatings: Map<string, number>;
}

export interface StartWrite {
  pairKey: string;
  conversation: ConversationRecord;
  members: [MemberRecord, MemberRecord];
}

/** How the send changes the recipient's unread counter: it either keeps a pending email's due time or starts one. */
export type CounterChange =
  { kind: 'keepDue'; emailDueAt: string } | { kind: 'startDue'; emailDueAt: string };

export interface SendWrite {
  message: Message;
  /** The conversation's lastSeq this send read (the condition). */
  previousSeq: number;
  senderUserId: string;
  recipientUserId: string;
  counter: CounterChange;
  event: OutboxEvent;
}

export interface ReadWrite {
  userId: string;
  conversationId: string;
  /** The member's unread count as read (the condition), and the counter's total. */
  unreadCount: number;
  total: number;
  /** Set when the read empties the counter: its pending email is cancelled. */
  clearsDue: boolean;
  event: OutboxEvent;
}

export interface MessagingRepository {
  getProfile(userId: string): Promise<ProfileSummary | null>;
  getSummary(userId: string): Promise<SummaryCounts | null>;
  getItem(ref: {
    ownerUserId: string;
    listType: ItemSummary['listType'];
    itemId: string;
  }): Promise<ItemSummary | null>;
  /** One BatchGetItem: the partners' profiles and rating summaries, and optionally the caller's ratings of them. */
  getPartnerDetails(partnerIds: string[], myRatingsOf?: string): Promise<PartnerDetails>;

  getPair(pairKey: string): Promise<string | null>;
  /** 'exists' when another start created the pair first. */
  startConversation(write: StartWrite): Promise<Committed | 'exists'>;
  getConversation(conversationId: string): Promise<ConversationRecord | null>;
  getMember(userId: string, conversationId: string, consistent?: boolean): Promise<MemberRecord | null>;
  listMembers(userId: string, page: PageRequest): Promise<Page<MemberRecord>>;

  getCounter(userId: string): Promise<UnreadCounterRecord | null>;
  /** 'duplicate': this client message id was sent before; 'seqTaken': another send took the seq; 'counterChanged': re-read the counter. */
  sendMessage(write: SendWrite): Promise<Committed | 'duplicate' | 'seqTaken' | 'counterChanged'>;
  getClientMessageSeq(
    conversationId: string,
    senderUserId: string,
    clientMessageId: string,
  ): Promise<number | null>;
  getMessage(conversationId: string, seq: number): Promise<Message | null>;
  /** Messages in ascending seq: after `after`, before `before`, or the latest; at most `limit`, and whether more exist that way. */
  listMessages(
    conversationId: string,
    range: { after?: number | undefined; before?: number | undefined; limit: number },
  ): Promise<{ messages: Message[]; hasMore: boolean }>;
  /** 'stale': the member's count or the counter changed since they were read. */
  markRead(write: ReadWrite): Promise<Committed | 'stale'>;

  /** Counters whose email is due at `now`, oldest due first. */
  listDueCounters(now: string, page: PageRequest): Promise<Page<UnreadCounterRecord>>;
  /** Clears the pending email (condition: still due at `emailDueAt`), writing `event` with it when given. */
  clearDue(userId: string, emailDueAt: string, event: OutboxEvent | null): Promise<Committed | 'changed'>;

  getTradingPartner(userId: string, partnerUserId: string): Promise<TradingPartnerRecord | null>;
  listTradingPartners(userId: string, page: PageRequest): Promise<Page<TradingPartnerRecord>>;
  /** Put-if-absent: the first accepted offer is kept. */
  addTradingPartner(record: TradingPartnerRecord): Promise<void>;
  getAcceptedOffer(offerId: string): Promise<AcceptedOffer | null>;
  /** 'rated': this rater already rated this ratee. */
  createRating(rating: RatingRecord): Promise<Committed | 'rated'>;
  listRatings(
    direction: 'received' | 'given',
    userId: string,
    page: PageRequest,
  ): Promise<Page<RatingRecord>>;
}

export interface MessagingDeps {
  repo: MessagingRepository;
  limiter: RateLimiter;
  clock: Clock;
  ids: IdGenerator;
}
