import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import type {
  Conversation,
  Partner,
  RelatedItem,
  startConversationSchema,
} from '@sneakers/shared/contracts/messaging';
import { BadRequestError, NotFoundError } from '@sneakers/shared/errors';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { averageStars } from '../ratings/rules';
import type {
  ConversationsDeps,
  ConversationsRepository,
  MemberRecord,
  PartnerDetails,
  ProfileSummary,
  SummaryCounts,
} from './ports';
import { assignRoles, pairKey } from './rules';

/**
 * Conversations (docs/product/messaging-and-ratings.md#conversations): one per unordered pair
 * of users and related item, each participant with an inbox row of their own (their unread
 * count, the list's order). Only the two participants ever find it: anyone else's lookup is 404.
 */
export type StartInput = z.output<typeof startConversationSchema>;

export const conversationNotFound = () =>
  new NotFoundError('Conversation not found.', 'CONVERSATION_NOT_FOUND');
const partnerNotFound = () => new NotFoundError('This user was not found.', 'PARTNER_NOT_FOUND');
const itemNotFound = () => new NotFoundError('Item not found.', 'ITEM_NOT_FOUND');

/** The other participant as the caller sees them; a profile gone since reads as a nameless one. */
export function toPartner(
  userId: string,
  side: MemberRecord['side'],
  profile: ProfileSummary | undefined,
  summary: SummaryCounts | undefined,
): Partner {
  return {
    userId,
    businessName: profile?.businessName ?? '',
    avatarUrl: profile?.avatarUrl ?? null,
    role: profile?.role ?? (side === 'store' ? 'reseller' : 'store'),
    rating: averageStars(summary),
  };
}

export function toConversation(
  member: MemberRecord,
  details: Pick<PartnerDetails, 'profiles' | 'summaries'>,
): Conversation {
  const mine = member.side === 'store';
  return {
    id: member.conversationId,
    storeUserId: mine ? member.userId : member.partnerUserId,
    resellerUserId: mine ? member.partnerUserId : member.userId,
    partner: toPartner(
      member.partnerUserId,
      member.side,
      details.profiles.get(member.partnerUserId),
      details.summaries.get(member.partnerUserId),
    ),
    relatedItem: member.relatedItem,
    lastMessage: member.lastMessage,
    unreadCount: member.unreadCount,
    updatedAt: member.updatedAt,
    createdAt: member.createdAt,
  };
}

/** The caller's conversations, most recently active first: one Query and one BatchGetItem. */
export async function listConversations(
  deps: Pick<ConversationsDeps, 'repo'>,
  actor: Actor,
  page: PageRequest,
): Promise<Page<Conversation>> {
  const user = requireUser(actor);
  const members = await deps.repo.listMembers(user.userId, page);
  const partners = [...new Set(members.items.map((m) => m.partnerUserId))];
  const details = await deps.repo.getPartnerDetails(partners);
  return { items: members.items.map((m) => toConversation(m, details)), cursor: members.cursor };
}

/** The caller's inbox row of a conversation, or 404 for anyone who is not a participant. */
export async function requireMember(
  deps: { repo: Pick<ConversationsRepository, 'getMember'> },
  userId: string,
  conversationId: string,
  consistent = false,
): Promise<MemberRecord> {
  const member = await deps.repo.getMember(userId, conversationId, consistent);
  if (!member) throw conversationNotFound();
  return member;
}

async function withPartner(
  deps: Pick<ConversationsDeps, 'repo'>,
  member: MemberRecord,
): Promise<Conversation> {
  return toConversation(member, await deps.repo.getPartnerDetails([member.partnerUserId]));
}

export async function getConversation(
  deps: Pick<ConversationsDeps, 'repo'>,
  actor: Actor,
  conversationId: string,
): Promise<Conversation> {
  const user = requireUser(actor);
  return withPartner(deps, await requireMember(deps, user.userId, conversationId));
}

async function relatedItemOf(
  deps: Pick<ConversationsDeps, 'repo'>,
  users: readonly string[],
  ref: StartInput['relatedItem'],
): Promise<RelatedItem | null> {
  if (!ref) return null;
  // Only an item of one of the two: a conversation is never about a third party's item.
  if (!users.includes(ref.ownerUserId)) throw itemNotFound();
  const item = await deps.repo.getItem(ref);
  if (!item) throw itemNotFound();
  return item;
}

/**
 * Opens the caller's conversation with a partner, optionally about an item of one of them:
 * the same pair and item reopen the same conversation (created false), also when two
 * starts race (the pair row's condition makes one win; the other reads the winner's).
 */
export async function startConversation(
  deps: ConversationsDeps,
  actor: Actor,
  input: StartInput,
): Promise<{ conversation: Conversation; created: boolean }> {
  const user = requireWriter(actor);
  if (input.partnerUserId === user.userId)
    throw new BadRequestError('SELF_CONVERSATION', 'You cannot start a conversation with yourself.');
  const key = pairKey(user.userId, input.partnerUserId, input.relatedItem);
  const [me, partner, summary, existingId, item] = await Promise.all([
    deps.repo.getProfile(user.userId),
    deps.repo.getProfile(input.partnerUserId),
    deps.repo.getSummary(input.partnerUserId),
    deps.repo.getPair(key),
    relatedItemOf(deps, [user.userId, input.partnerUserId], input.relatedItem),
  ]);
  if (!partner) throw partnerNotFound();
  if (!me) throw new BadRequestError('PROFILE_REQUIRED', 'Complete your profile before sending messages.');

  const reopen = async (conversationId: string) => ({
    conversation: await withPartner(deps, await requireMember(deps, user.userId, conversationId, true)),
    created: false,
  });
  if (existingId) return reopen(existingId);

  const now = deps.clock.now().toISOString();
  const conversationId = deps.ids.next();
  const { storeUserId, resellerUserId } = assignRoles(me, partner);
  const member = (userId: string, partnerUserId: string): MemberRecord => ({
    userId,
    conversationId,
    partnerUserId,
    side: userId === storeUserId ? 'store' : 'reseller',
    relatedItem: item,
    lastMessage: null,
    unreadCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  const mine = member(user.userId, partner.userId);
  const outcome = await deps.repo.startConversation({
    pairKey: key,
    conversation: {
      conversationId,
      storeUserId,
      resellerUserId,
      relatedItem: item,
      lastSeq: 0,
      lastMessage: null,
      createdAt: now,
      updatedAt: now,
    },
    members: [mine, member(partner.userId, user.userId)],
  });
  if (outcome === 'exists') {
    const winner = await deps.repo.getPair(key);
    if (!winner) throw new Error(`The pair ${key} was taken but cannot be read`);
    return reopen(winner);
  }
  const summaries = new Map(summary ? [[partner.userId, summary]] : []);
  return {
    conversation: toConversation(mine, { profiles: new Map([[partner.userId, partner]]), summaries }),
    created: true,
  };
}
