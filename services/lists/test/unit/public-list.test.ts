import { describe, expect, it } from 'vitest';
import { fixedClock } from '@sneakers/shared/clock';
import { AppError } from '@sneakers/shared/errors';
import { newItem } from '../../src/items/domain';
import { facetsOf, getPublicList, getPublicListFacets } from '../../src/public-lists/domain';
import type { PublicListDeps } from '../../src/public-lists/ports';
import { memoryItems, memoryOwners, owner } from './memory';

const now = new Date('2026-11-22T10:00:00Z');

function deps() {
  const clock = fixedClock(now);
  const items = memoryItems();
  const d: PublicListDeps = {
    items,
    owners: memoryOwners([owner('store'), owner('private', { publicWtbList: false })]),
    clock,
    facetCache: new Map(),
  };
  return { d, items, clock };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('public list', () => {
  it('404s an unknown owner and 403s a private list', async () => {
    const { d } = deps();
    expect(await failure(getPublicList(d, { userId: 'nobody', listType: 'wtb' }, {}))).toMatchObject({
      status: 404,
      code: 'PROFILE_NOT_FOUND',
    });
    expect(await failure(getPublicList(d, { userId: 'private', listType: 'wtb' }, {}))).toMatchObject({
      status: 403,
      code: 'LIST_PRIVATE',
    });
    expect(await failure(getPublicList(d, { userId: 'store', listType: 'wts' }, {}))).toMatchObject({
      code: 'LIST_PRIVATE',
    });
    expect(await failure(getPublicListFacets(d, { userId: 'private', listType: 'wtb' }))).toMatchObject({
      code: 'LIST_PRIVATE',
    });
  });

  it('shows public pending items, urgent first, without private fields', async () => {
    const { d, items } = deps();
    const add = (id: string, extra: object) =>
      items.rows.set(
        id,
        newItem(
          'store',
          { listType: 'wtb', sku: id, name: id, sizes: ['42'], notes: 'n', ...extra },
          id,
          now,
        ),
      );
    add('01A', {});
    add('01B', { urgent: true });
    add('01C', {});
    add('01D', { status: 'available' });
    add('01E', { visibility: 'private' });
    const out = await getPublicList(d, { userId: 'store', listType: 'wtb' }, {});
    expect(out.items.map((i) => i.id)).toEqual(['01B', '01C', '01A']);
    expect(out.owner).toEqual({
      userId: 'store',
      businessName: 'Kicks Madrid',
      role: 'store',
      location: 'Madrid',
      avatarUrl: null,
      contactEmail: 'hi@kicks.example',
      instagramHandle: 'kicks',
    });
    expect(out.items[0]).not.toHaveProperty('notes');
  });

  it('computes facets and caches them for 30 s', async () => {
    const { d, items, clock } = deps();
    const add = (id: string, brand: string, sizes: string[]) =>
      items.rows.set(id, newItem('store', { listType: 'wtb', sku: id, name: id, sizes, brand }, id, now));
    add('1', 'Nike', ['43', 'BULK']);
    add('2', 'adidas', ['M', '42.5']);
    add('3', '', ['XS']);
    const first = await getPublicListFacets(d, { userId: 'store', listType: 'wtb' });
    expect(first).toEqual({ sizes: ['BULK', 'XS', 'M', '42.5', '43'], brands: ['ADIDAS', 'NIKE'], total: 3 });
    add('4', 'Puma', ['44']);
    expect(await getPublicListFacets(d, { userId: 'store', listType: 'wtb' })).toEqual(first);
    expect(items.facetReads).toBe(1);
    clock.advance(30_000);
    expect((await getPublicListFacets(d, { userId: 'store', listType: 'wtb' })).total).toBe(4);
    expect(items.facetReads).toBe(2);
  });

  it('facetsOf de-duplicates brands case-insensitively', () => {
    expect(
      facetsOf([
        { sizes: ['42'], brand: 'nike' },
        { sizes: ['42'], brand: 'Nike ' },
      ]).brands,
    ).toEqual(['NIKE']);
  });
});
