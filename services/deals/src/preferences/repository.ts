import * as z from 'zod/mini';
import { dealHideSchema } from '@sneakers/shared/contracts/deals';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { Service } from '@sneakers/shared/table/entity';
import { conditional } from '@sneakers/shared/table/transaction';
import { profileView } from '@sneakers/shared/views/profile-view';
import type { PartnerLookup, Preferences, PreferencesRepository } from './ports';
import { preferencesEntity, type PreferencesRow } from './preferences-entity';

const hidesSchema = z.array(dealHideSchema);

/** The stored JSON of hides; a row that does not parse reads as no hides rather than failing every board. */
function hidesOf(json: string) {
  try {
    const parsed = hidesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function toPreferences(row: PreferencesRow): Preferences {
  return {
    userId: row.userId,
    dailyDigest: row.dailyDigest,
    resaleFeeBasisPoints: row.resaleFeeBasisPoints,
    shippingCents: row.shippingCents,
    hides: hidesOf(row.hides),
    lastDigestAt: row.lastDigestAt ?? null,
    version: row.version ?? 0,
    updatedAt: row.updatedAt,
  };
}

/**
 * GetItem of the preferences row (consistent: a write re-reads after losing a race); one
 * conditional UpdateItem per change, on the version read. The update sets only the fields
 * the settings and hides own: `lastDigestAt` belongs to the digest (../digest/repository.ts),
 * which bumps the version too, so neither write can undo the other.
 */
export function createPreferencesRepository(client: DocumentClient, table: string): PreferencesRepository {
  const { preferences } = new Service({ preferences: preferencesEntity }, { client, table }).entities;
  return {
    async get(userId) {
      const { data } = await preferences.get({ userId }).go({ consistent: true });
      return data ? toPreferences(data) : null;
    },
    save: (next) =>
      conditional(
        () =>
          preferences
            .update({ userId: next.userId })
            .set({
              dailyDigest: next.dailyDigest,
              resaleFeeBasisPoints: next.resaleFeeBasisPoints,
              shippingCents: next.shippingCents,
              hides: JSON.stringify(next.hides),
              version: next.version,
              updatedAt: next.updatedAt ?? new Date().toISOString(),
            })
            .where(({ version }, { eq, notExists }) =>
              next.version === 1 ? notExists(version) : eq(version, next.version - 1),
            )
            .go(),
        'stale',
      ),
  };
}

/** The partner's business name from the profiles service's row (the shared read-only view). */
export function createPartnerLookup(client: DocumentClient, table: string): PartnerLookup {
  const { profile } = new Service({ profile: profileView }, { client, table }).entities;
  return {
    async businessNameOf(userId) {
      const { data } = await profile.get({ userId }).go({ attributes: ['businessName'] });
      return data ? data.businessName : null;
    },
  };
}
