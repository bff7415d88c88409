import type { UserActor } from '@sneakers/shared/actor';
import * as z from 'zod/mini';
import { fixedClock } from '@sneakers/shared/clock';
import {
  createRating,
  listConversations,
  listRatings,
  listTradingPartners,
  sendMessage as sendMessageContract,
  startConversation as startConversationContract,
  type RelatedItemRef,
} from '@sneakers/shared/contracts/messaging';
import { createOffers, listOffers, respondToOffer } from '@sneakers/shared/contracts/offers';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import {
  conversationsDeps,
  markConversationRead,
  messagesDeps,
  sendMessage,
  startConversation,
  unreadDeps,
} from '../../../services/messaging/src/published';
import { DEMO_OWNER, invoke, sampleUser, seedKey } from './invoke';
import { demoItemId } from './lists';

/**
 * The demo store's messages and ratings (issue 15): five conversations with resellers and
 * another store, most about an item of its WTB list, two with messages it has not read yet
 * (the sidebar badge shows 4); and ratings given and received with the partners of its
 * accepted offers. Written through the messaging use cases as each side (messages at their
 * times over the last weeks) and the rating route, so unread counts, inbox order and rating
 * summaries are what the product keeps; the messages' realtime pushes find no socket, and
 * the email sweep mails the unread ones to the local SES emulator.
 */

type Partner = { userId: `demo-${string}`; email: string };

/** Resellers offers.ts creates (their profiles are written there). */
const KICKS_LAB: Partner = { userId: 'demo-reseller-kicks-lab', email: 'hello@kickslab.example' };
const SOLE_SUPPLY: Partner = { userId: 'demo-reseller-sole-supply', email: 'trade@solesupply.example' };

const profile = (p: Omit<ProfileCreate, 'currency' | 'publicWtbList' | 'discord'>): ProfileCreate => ({
  currency: 'EUR',
  publicWtbList: false,
  discord: null,
  ...p,
});

/** Partners only this step needs: another store and two resellers, each with an accepted offer. */
const NEW_PARTNERS: (Partner & { profile: ProfileCreate })[] = [
  {
    userId: 'demo-store-sneaker-district',
    email: 'hola@sneakerdistrict.example',
    profile: profile({
      role: 'store',
      businessName: 'Sneaker District BCN',
      contactEmail: 'hola@sneakerdistrict.example',
      phone: '+34 655443322',
      location: 'Barcelona, Spain',
      instagramHandle: 'sneakerdistrict.bcn',
      preferredContact: 'instagram',
      language: 'es',
      publicWtsList: true,
    }),
  },
  {
    userId: 'demo-reseller-hype-vault',
    email: 'orders@hypevault.example',
    profile: profile({
      role: 'reseller',
      businessName: 'Hype Vault Lisboa',
      contactEmail: 'orders@hypevault.example',
      phone: '+351 912345678',
      location: 'Lisbon, Portugal',
      instagramHandle: 'hypevault.lx',
      preferredContact: 'email',
      language: 'en',
      publicWtsList: true,
    }),
  },
  {
    userId: 'demo-reseller-drop-zone',
    email: 'dropzone.vlc@example.com',
    profile: profile({
      role: 'reseller',
      businessName: 'Drop Zone Valencia',
      contactEmail: 'dropzone.vlc@example.com',
      phone: '+34 644112233',
      location: 'Valencia, Spain',
      instagramHandle: 'dropzone.vlc',
      preferredContact: 'instagram',
      language: 'es',
      publicWtsList: false,
    }),
  },
];

const [DISTRICT, HYPE_VAULT, DROP_ZONE] = NEW_PARTNERS;

/** Offers on the demo store's WTB list that it accepted: each makes the two trading partners. */
const ACCEPTED_OFFERS: { partner: Partner; itemIndex: number; size: string; price: number; key: string }[] = [
  { partner: DISTRICT!, itemIndex: 4, size: '43', price: 12500, key: 'offer-district-9060' },
  { partner: HYPE_VAULT!, itemIndex: 6, size: '42', price: 16500, key: 'offer-hype-vault-aj3' },
];

const about = (itemIndex: number): RelatedItemRef => ({
  ownerUserId: DEMO.userId,
  listType: 'wtb',
  itemId: demoItemId(itemIndex),
});

/**
 * A line of a conversation: who writes it (the demo store or the partner), what, and how many
 * minutes after the line before it (the first: when the conversation starts).
 */
type Line = ['store' | 'partner', string, number];

const HOUR = 60;
const DAY = 24 * HOUR;

interface SampleConversation {
  partner: Partner;
  relatedItem: RelatedItemRef | null;
  /** When the partner opened it, in days before the first seed. */
  daysAgo: number;
  lines: Line[];
  /** The partner's lines after the store's last one stay unread for the demo store (the badge). */
  unread?: boolean;
}

/** The inbox, most recent last: Kicks Lab on top, then Hype Vault (both unread). */
const CONVERSATIONS: SampleConversation[] = [
  {
    partner: DROP_ZONE!,
    relatedItem: about(10),
    daysAgo: 24,
    lines: [
      ['partner', 'Hi! Still looking for the SB Dunk Jarritos? I have a US 10, worn once, OG box.', 0],
      ['store', 'Thanks, but we only take DS pairs for that list. Let me know if you find one.', 45],
      ['partner', 'Fair enough, I will keep an eye out 👍', 20],
    ],
  },
  {
    partner: SOLE_SUPPLY,
    relatedItem: about(2),
    daysAgo: 12,
    lines: [
      ['partner', 'Hey, did you see my offer on the Military Blue 44? 220 incl. shipping from London.', 0],
      ['store', 'Yes, thanks. Is that with the receipt? And are they DS?', 90],
      ['partner', 'DS with the SNKRS receipt, never tried on.', 30],
      ['store', 'Could you do 205? Customs from the UK usually adds a bit on our side.', 20 * HOUR],
      ['partner', 'Let me check with my partner and come back to you tomorrow.', 25],
      ['store', 'Sure, no rush. I keep the offer open until Friday.', 2 * HOUR],
    ],
  },
  {
    partner: DISTRICT!,
    relatedItem: null,
    daysAgo: 9,
    lines: [
      ['partner', 'Hola! We are overstocked on Samba OG in 40-42. Interested in a swap for some 9060s?', 0],
      ['store', 'Hi! Could be. How many pairs and which sizes exactly?', 30],
      ['partner', '8 pairs: 2x 40, 3x 41, 3x 42. All DS, this season.', 15],
      ['store', 'We could do 4 pairs of 9060 Rain Cloud in 43-44 plus cash for the rest.', 3 * HOUR],
      ['partner', 'Deal. 85 a pair for the Sambas, 125 for the 9060s, so we pay you the difference?', 40],
      ['store', 'Works for us. Send them with SEUR and I will pay the label.', 20],
      ['partner', 'Shipped this morning, tracking in your email. Thanks!', 2 * DAY],
      ['store', 'Got them, all perfect. Pleasure as always 🙌', 2 * DAY],
    ],
  },
  {
    partner: HYPE_VAULT!,
    relatedItem: about(6),
    daysAgo: 3,
    unread: true,
    lines: [
      ['partner', 'Hi, I saw you accepted my offer for the White Cement in 42, thank you!', 0],
      ['store', 'Thanks to you. Can you ship to Madrid this week?', HOUR],
      ['partner', 'Yes, CTT express, 2-3 days. I will send the tracking as soon as it is picked up.', 30],
      ['partner', 'Picked up today, tracking: EA123456785PT. Should be with you on Thursday.', 2 * DAY],
    ],
  },
  {
    partner: KICKS_LAB,
    relatedItem: about(1),
    daysAgo: 2,
    unread: true,
    lines: [
      ['partner', 'Hola! Thanks for accepting the 6 Pandas. Pick-up or shipping?', 0],
      ['store', 'Hi! We can meet in Madrid, we are near Malasaña. Does Saturday work?', 15],
      ['partner', 'Saturday morning works. Plaza del Dos de Mayo at 11?', 10],
      ['store', 'Perfect. Can you bring the receipts? We resell them with proof of purchase.', 30],
      ['partner', 'Sure, all 6 from Nike.com, I will print them.', 5 * HOUR],
      ['store', 'Great, see you Saturday. Cash or Bizum?', 20],
      ['partner', 'Bizum is easier for me. And I might have 2 more in 43 next week if you want.', 20 * HOUR],
      ['partner', 'Also, do you still need the Chicago Lost & Found in 42? I can do 195.', 5],
    ],
  },
];

/** Ratings after the accepted offers: [rater, ratee, stars, comment]. */
const RATINGS: ['store' | 'partner', Partner, number, string | null][] = [
  ['partner', KICKS_LAB, 5, 'Fast answers and paid the same day. Smooth meetup in Madrid.'],
  ['store', KICKS_LAB, 5, 'All 6 pairs DS as described, receipts included.'],
  ['partner', DISTRICT!, 4, 'Good communication, the label took a couple of days to arrive.'],
  ['store', DISTRICT!, 4, null],
  ['partner', HYPE_VAULT!, 5, null],
];

const actorOf = (p: Partner): UserActor => sampleUser(p.userId, p.email);

/** The partners' profiles, their accepted offers, then the conversations and ratings. */
export async function seedDemoMessaging(): Promise<boolean> {
  await Promise.all(NEW_PARTNERS.map((p) => invoke(createMyProfile, actorOf(p), { body: p.profile })));
  const offers = await seedAcceptedOffers();
  // The ratings wait for the offers consumer's trading partners while the conversations are
  // written (one after another: they share the demo store's unread counters).
  const [conversations, ratings] = await Promise.all([seedConversations(), seedRatings()]);
  return offers || conversations || ratings;
}

async function seedAcceptedOffers(): Promise<boolean> {
  const received = await invoke(listOffers, DEMO_OWNER, { query: { box: 'received', limit: 100 } });
  let wrote = false;
  for (const offer of ACCEPTED_OFFERS) {
    const itemId = demoItemId(offer.itemIndex);
    let made = received.offers.find((o) => o.resellerUserId === offer.partner.userId && o.itemId === itemId);
    if (!made) {
      const { offers } = await invoke(createOffers, actorOf(offer.partner), {
        headers: seedKey(offer.key),
        body: {
          listOwnerId: DEMO.userId,
          listType: 'wtb',
          lines: [{ itemId, size: offer.size, offeredPrice: offer.price, quantity: 1 }],
        },
      });
      made = offers[0];
      wrote = true;
    }
    if (made?.status === 'pending') {
      await invoke(respondToOffer, DEMO_OWNER, { params: { offerId: made.id }, body: { action: 'accept' } });
      wrote = true;
    }
  }
  return wrote;
}

/**
 * The messaging use cases with the clock at a line's time, so the inbox shows a few weeks of
 * talk: the routes would stamp every message now. Inputs are parsed with the routes' own
 * contracts first.
 */
const at = (ms: number) => ({ clock: fixedClock(new Date(ms)) });

/** The reader marks the conversation read at `ms`. */
const readAt = (ms: number, reader: UserActor, conversationId: string) =>
  markConversationRead({ ...unreadDeps(), ...at(ms) }, reader, conversationId);

async function seedConversations(): Promise<boolean> {
  const existing = await invoke(listConversations, DEMO_OWNER, { query: { limit: 1 } });
  if (existing.conversations.length > 0) return false;
  const now = Date.now();
  for (const [c, sample] of CONVERSATIONS.entries()) {
    const partner = actorOf(sample.partner);
    let time = now - sample.daysAgo * DAY * 60_000;
    // The partner reaches out (about the store's list item, or store to store).
    const { conversation } = await startConversation(
      { ...conversationsDeps(), ...at(time) },
      partner,
      z.parse(startConversationContract.body, {
        partnerUserId: DEMO.userId,
        relatedItem: sample.relatedItem,
      }),
    );
    for (const [i, [who, content, minutesAfter]] of sample.lines.entries()) {
      time += minutesAfter * 60_000;
      // The store reads what it answers: only the partner's lines after its last one stay unread.
      if (who === 'store') await readAt(time, DEMO_OWNER, conversation.id);
      await sendMessage(
        { ...messagesDeps(), ...at(time) },
        who === 'store' ? DEMO_OWNER : partner,
        conversation.id,
        z.parse(sendMessageContract.body, { clientMessageId: `demo-seed-${c}-${i}`, content }),
      );
    }
    if (!sample.unread) await readAt(time, DEMO_OWNER, conversation.id);
    await readAt(time, partner, conversation.id);
  }
  return true;
}

/** The trading partners the offers consumer writes a moment after each accepted offer. */
async function waitForTradingPartners(userIds: string[], timeoutMs = 20_000): Promise<Set<string>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { partners } = await invoke(listTradingPartners, DEMO_OWNER, { query: { limit: 100 } });
    const found = new Set(partners.map((p) => p.partner.userId));
    if (userIds.every((id) => found.has(id)) || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function seedRatings(): Promise<boolean> {
  const given = await invoke(listRatings, DEMO_OWNER, { query: { direction: 'given', limit: 1 } });
  const received = await invoke(listRatings, DEMO_OWNER, { query: { direction: 'received', limit: 1 } });
  if (given.ratings.length > 0 || received.ratings.length > 0) return false;
  const partners = await waitForTradingPartners([...new Set(RATINGS.map(([, p]) => p.userId))]);
  let wrote = false;
  for (const [rater, partner, stars, comment] of RATINGS) {
    // A partner whose trade the consumer has not recorded (an offer accepted before it
    // existed) is left out rather than failing the seed.
    if (!partners.has(partner.userId)) continue;
    if (rater === 'store')
      await invoke(createRating, DEMO_OWNER, { body: { rateeUserId: partner.userId, stars, comment } });
    else await invoke(createRating, actorOf(partner), { body: { rateeUserId: DEMO.userId, stars, comment } });
    wrote = true;
  }
  return wrote;
}
