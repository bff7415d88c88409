import { describe, expect, it } from 'vitest';
import { newProfile } from '../../src/profiles/domain';
import { profileEntity } from '../../src/profiles/profile-entity';
import { kicksMadrid } from './memory';

/**
 * What the row carries for the admin users list: the `allProfiles` keys (gsi2, newest
 * first) and lower-cased copies of business name and contact email for its search.
 */
const table = { table: 'sneakers' };
const record = newProfile(
  { kind: 'user', userId: 'User-Ana', isSuperuser: false, isDemo: false },
  { ...kicksMadrid, businessName: 'Kicks MADRID', contactEmail: 'Hola@Kicks.example' },
  new Date('2026-11-22T10:00:00Z'),
);
const {
  instagramHandle: _i,
  discord: _d,
  avatarUrl: _a,
  mutedEmails: _m,
  pastDueSince: _p,
  closingSince: _cs,
  ...item
} = record;

type Params = { Item?: Record<string, unknown>; ExpressionAttributeValues?: Record<string, unknown> };

describe('the profile row', () => {
  it('is written with the all-profiles keys and the lower-cased search fields', () => {
    const { Item } = profileEntity.create(item).params(table) as Params;
    expect(Item).toMatchObject({
      gsi2pk: '$sneakers',
      gsi2sk: '$userprofile_1#createdat_2026-11-22t10:00:00.000z#userid_user-ana',
      searchName: 'kicks madrid',
      searchEmail: 'hola@kicks.example',
    });
  });

  it('keeps each search field in step with its source, never blanking the other', () => {
    const nameOnly = profileEntity
      .patch({ userId: 'User-Ana' })
      .set({ businessName: 'Sole CLUB', updatedAt: '2026-11-23T10:00:00.000Z' })
      .params(table) as Params;
    const values = Object.values(nameOnly.ExpressionAttributeValues ?? {});
    expect(values).toContain('sole club');
    expect(JSON.stringify(nameOnly)).not.toContain('searchEmail');

    const emailOnly = profileEntity
      .patch({ userId: 'User-Ana' })
      .set({ contactEmail: 'NEW@Sole.example', updatedAt: '2026-11-23T10:00:00.000Z' })
      .params(table) as Params;
    expect(Object.values(emailOnly.ExpressionAttributeValues ?? {})).toContain('new@sole.example');
    expect(JSON.stringify(emailOnly)).not.toContain('searchName');
  });

  it('lists every profile newest first on gsi2', () => {
    const query = profileEntity.query.allProfiles({}).params({ ...table, order: 'desc' });
    expect(query).toMatchObject({ IndexName: 'gsi2', ScanIndexForward: false });
  });
});
