import type { Clock } from '@sneakers/shared/clock';
import type { LIST_TYPES } from '@sneakers/shared/contracts/list-values';
import type { Role } from '@sneakers/shared/contracts/profile-values';
import type { IdGenerator } from '@sneakers/shared/ids';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import type { RecordOf } from '@sneakers/shared/table/entity';
import type { Committed } from '@sneakers/shared/table/transaction';
import type { ConversationItem } from './conversation-entity';
import type { ConversationMemberItem } from './conversation-member-entity';

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

/** A conversation: its two sides, its related item (or null), its message counter and last message (or null). */
export type ConversationRecord = RecordOf<ConversationItem>;

/** A participant's inbox row of a conversation. */
export type MemberRecord = RecordOf<ConversationMemberItem>;

/** The newest message's summary, as the list shows it. */
export type LastMessage = NonNullable<MemberRecord['lastMessage']>;

export interface ItemSummary {
  ownerUserId: string;
  listType: (typeof LIST_TYPES)[number];
  itemId: string;
  name: string;
  sku: string;
  imageUrl: string | null;
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

/** What the conversation use cases need from storage; `repository.ts` implements it. */
export interface ConversationsRepository {
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
  getMember(userId: string, conversationId: string, consistent?: boolean): Promise<MemberRecord | null>;
  listMembers(userId: string, page: PageRequest): Promise<Page<MemberRecord>>;
}

export interface ConversationsDeps {
  repo: ConversationsRepository;
  clock: Clock;
  ids: IdGenerator;
}
