import { ANONYMOUS } from '@sneakers/shared/actor';
import {
  createAnonymousOffer,
  createOffers,
  listOffers,
  respondToOffer,
} from '@sneakers/shared/contracts/offers';
import { createMyProfile, type ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { DEMO } from '@sneakers/shared/demo';
import { DEMO_OWNER, invoke, sampleUser, seedKey } from './invoke';
import { demoItemId } from './lists';

/** Resellers who trade with the demo store. */
const RESELLERS: { userId: `demo-${string}`; profile: ProfileCreate }[] = [
  {
    userId: 'demo-reseller-kicks-lab',
    profile: {
      role: 'reseller',
      businessName: 'Kicks Lab Madrid',
      contactEmail: 'hello@kickslab.example',
      phone: '+34 677889900',
      location: 'Madrid, Spain',
      instagramHandle: 'kickslab.mad',
      discord: null,
      preferredContact: 'instagram',
      currency: 'EUR',
      language: 'es',
      publicWtbList: false,
      publicWtsList: true,
    },
  },
  {
    userId: 'demo-reseller-sole-supply',
    profile: {
      role: 'reseller',
      businessName: 'Sole Supply Co.',
      contactEmail: 'trade@solesupply.example',
      phone: '+44 7700900123',
      location: 'London, UK',
      instagramHandle: null,
      discord: 'solesupply',
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: false,
      publicWtsList: true,
    },
  },
];

/**
 * Offers the demo store received on its public WTB list (a two-line offer with one line
 * countered and one accepted, a settled one-line deal, the rest pending) and two anonymous offers (one of two lines). Each offer also reaches the store's notifications
 * through the real event path (outbox, bus, notifications consumer).
 */
export async function seedDemoOffers(): Promise<boolean> {
  const existing = await invoke(listOffers, DEMO_OWNER, { query: { box: 'received', limit: 1 } });
  if (existing.offers.length > 0) return false;
  const [kicks, sole] = RESELLERS.map((r) => sampleUser(r.userId, r.profile.contactEmail));
  if (!kicks || !sole) throw new Error('The demo seed needs two resellers');
  for (const [i, reseller] of RESELLERS.entries())
    await invoke(createMyProfile, i === 0 ? kicks : sole, { body: reseller.profile });

  const fromKicks = await invoke(createOffers, kicks, {
    headers: seedKey('offers-kicks'),
    body: {
      listOwnerId: DEMO.userId,
      listType: 'wtb',
      message: 'Both pairs DS with receipt, can ship tomorrow.',
      lines: [
        { itemId: demoItemId(0), size: '42', offeredPrice: 20500, quantity: 1 },
        { itemId: demoItemId(1), size: 'BULK', offeredPrice: 9500, quantity: 6, notes: 'Sizes 40-45 mixed' },
      ],
    },
  });
  const fromSole = await invoke(createOffers, sole, {
    headers: seedKey('offers-sole'),
    body: {
      listOwnerId: DEMO.userId,
      listType: 'wtb',
      lines: [{ itemId: demoItemId(2), size: '44', offeredPrice: 22000, quantity: 1 }],
    },
  });
  const [chicago, panda] = fromKicks.offers;
  const [military] = fromSole.offers;
  if (chicago)
    await invoke(respondToOffer, DEMO_OWNER, {
      params: { offerId: chicago.id },
      body: { action: 'counter', price: 19500, message: 'Can do 195 if you ship this week.' },
    });
  if (panda)
    await invoke(respondToOffer, DEMO_OWNER, { params: { offerId: panda.id }, body: { action: 'accept' } });
  if (!military) throw new Error('The demo seed made no offer from Sole Supply');
  // A settled deal (every line answered): the one the store turns into an order (commerce.ts).
  const soleDeal = await invoke(createOffers, sole, {
    headers: seedKey('offers-sole-deal'),
    body: {
      listOwnerId: DEMO.userId,
      listType: 'wtb',
      lines: [{ itemId: demoItemId(1), size: 'BULK', offeredPrice: 9000, quantity: 2 }],
    },
  });
  for (const line of soleDeal.offers)
    await invoke(respondToOffer, DEMO_OWNER, { params: { offerId: line.id }, body: { action: 'accept' } });

  await invoke(createAnonymousOffer, ANONYMOUS, {
    headers: seedKey('offer-anonymous'),
    body: {
      listOwnerId: DEMO.userId,
      listType: 'wtb',
      lines: [{ itemId: demoItemId(3), size: '41', offeredPrice: 8000, quantity: 2 }],
      message: 'Two pairs, pick-up in Madrid possible.',
      contact: {
        name: 'Pablo Ortega',
        email: 'pablo.ortega@example.com',
        phone: '+34 688990011',
        instagram: '@pablo.o',
      },
      language: 'es',
    },
  });
  // An anonymous offer of several lines, to show the total and answer it with one counter.
  await invoke(createAnonymousOffer, ANONYMOUS, {
    headers: seedKey('offer-anonymous-lines'),
    body: {
      listOwnerId: DEMO.userId,
      listType: 'wtb',
      lines: [
        { itemId: demoItemId(0), size: '43', offeredPrice: 21000, quantity: 1 },
        {
          itemId: demoItemId(2),
          size: '44',
          offeredPrice: 19500,
          quantity: 1,
          notes: 'Worn once, box included',
        },
      ],
      message: 'Both pairs together if possible.',
      contact: {
        name: 'Emma Clarke',
        email: 'emma.clarke@example.com',
        phone: '+44 7700900456',
        discord: 'emma.kicks',
      },
      language: 'en',
    },
  });
  return true;
}
