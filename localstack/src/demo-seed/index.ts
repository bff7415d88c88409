import type { Actor, UserActor } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import { newProfile } from '../../services/profiles/src/domain/profile';
import { profileDeps } from '../../services/profiles/src/deps';
import { getComingSoonSettings, updateComingSoonSettings } from '../../services/settings/src/domain/settings';
import { settingsDeps } from '../../services/settings/src/deps';
import { ensureUser, type LocalUserPool } from './cognito';
import { seedDemoItems } from './seed-lists';
import { LOCAL_ADMIN } from './names';

/**
 * Demo data (spec section 3, "Demo data"), written through each domain's own use cases
 * so seeded rows are exactly what the app would write. Every step checks first, so
 * running it on every start changes nothing the second time.
 */
export interface SeedResult {
  adminUserId: string;
  created: string[];
}

export async function seedDemo(pool: LocalUserPool): Promise<SeedResult> {
  const created: string[] = [];
  const adminUserId = await ensureUser(pool, {
    email: LOCAL_ADMIN.email,
    password: LOCAL_ADMIN.password,
    groups: ['superusers'],
  });
  const admin: Actor = {
    kind: 'user',
    userId: adminUserId,
    email: LOCAL_ADMIN.email,
    isSuperuser: true,
    isDemo: false,
  };

  if ((await getComingSoonSettings(settingsDeps())) === null) {
    // The row exists with its defaults but switched off, so the landing page shows
    // until an admin turns the coming-soon page on.
    await updateComingSoonSettings(settingsDeps(), admin, { isEnabled: false });
    created.push('coming_soon_settings');
  }

  // The demo store (spec section 3, "Demo data"): the profile Try Demo shows. A
  // conditional create, so an existing row (and its edits) is left alone.
  const { profiles, clock } = profileDeps();
  const demo: UserActor = {
    kind: 'user',
    userId: DEMO.userId,
    email: DEMO.email,
    isSuperuser: false,
    isDemo: true,
  };
  const demoProfile = newProfile(
    demo,
    {
      role: DEMO.role,
      businessName: DEMO.businessName,
      contactEmail: DEMO.email,
      phone: '+34 600000000',
      location: 'Madrid, Spain',
      instagramHandle: 'demosneakerstore',
      discord: null,
      preferredContact: 'email',
      currency: 'EUR',
      language: 'en',
      publicWtbList: true,
      publicWtsList: false,
    },
    clock.now(),
  );
  if (await profiles.create(demoProfile)) created.push('demo_profile');
  if ((await seedDemoItems()) > 0) created.push('demo_items');
  return { adminUserId, created };
}
