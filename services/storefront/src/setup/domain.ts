import { requireUser, requireWriter, type Actor, type UserActor } from '@sneakers/shared/actor';
import type {
  StorefrontList,
  StorefrontPricedItem,
  StorefrontSetup,
  StorefrontSetupUpdate,
} from '@sneakers/shared/contracts/storefront';
import { ForbiddenError, NotFoundError } from '@sneakers/shared/errors';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';
import { storefrontPath, storefrontPriceOf } from '@sneakers/shared/rules/storefront';
import type { ListedItem, SetupDeps, SetupRecord, StoreProfile } from './ports';

/**
 * The online-store section (docs/product/online-store.md#the-online-store-section): the
 * store's set-up and its storefront prices (#prices). Store users only; demo users read the
 * demo store's set-up and write nothing (requireWriter).
 */

export const STORE_ONLY_MESSAGE = 'The online store is for stores.';
const itemNotFound = () => new NotFoundError('Item not found.', 'ITEM_NOT_FOUND');

/** What a store that never saved its set-up sees (and what the storefront assumes). */
export const DEFAULT_SETUP: StorefrontSetup = {
  enabled: false,
  name: '',
  logoUrl: null,
  bannerUrl: null,
  description: '',
  contact: '',
  returnsText: '',
  lists: ['inventory'],
  virtualProductIds: [],
  updatedAt: null,
};

export interface SetupAnswer {
  setup: StorefrontSetup;
  path: string;
  profile: { businessName: string; avatarUrl: string | null };
}

async function requireStore(deps: SetupDeps, user: UserActor): Promise<StoreProfile> {
  const profile = await deps.repo.profileOf(user.userId);
  if (profile?.role !== 'store') throw new ForbiddenError(STORE_ONLY_MESSAGE, 'STORE_ONLY');
  return profile;
}

export function toSetup(record: SetupRecord | null): StorefrontSetup {
  if (!record) return DEFAULT_SETUP;
  const { storeUserId: _store, ...setup } = record;
  return setup;
}

const answer = (storeUserId: string, profile: StoreProfile, setup: StorefrontSetup): SetupAnswer => ({
  setup,
  path: storefrontPath(storeUserId),
  profile: { businessName: profile.businessName, avatarUrl: profile.avatarUrl },
});

export async function getSetup(deps: SetupDeps, actor: Actor): Promise<SetupAnswer> {
  const user = requireUser(actor);
  const profile = await requireStore(deps, user);
  return answer(user.userId, profile, toSetup(await deps.repo.getSetup(user.userId)));
}

/** Keeps the first of each value, in order (a repeated checkbox is one choice). */
const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

export async function updateSetup(
  deps: SetupDeps,
  actor: Actor,
  input: StorefrontSetupUpdate,
): Promise<SetupAnswer> {
  const user = requireWriter(actor);
  const profile = await requireStore(deps, user);
  const virtualProductIds = distinct(input.virtualProductIds);
  const owned = await deps.repo.ownedVirtualProducts(user.userId, virtualProductIds);
  const foreign = virtualProductIds.filter((id) => !owned.has(id));
  // Another store's id and an unknown id answer alike: the caller learns nothing of others.
  if (foreign.length > 0) throw new NotFoundError('Virtual product not found.', 'VIRTUAL_PRODUCT_NOT_FOUND');
  const record: SetupRecord = {
    storeUserId: user.userId,
    enabled: input.enabled,
    name: input.name.trim(),
    logoUrl: input.logoUrl?.trim() || null,
    bannerUrl: input.bannerUrl?.trim() || null,
    description: input.description.trim(),
    contact: input.contact.trim(),
    returnsText: input.returnsText.trim(),
    lists: distinct(input.lists),
    virtualProductIds,
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.repo.putSetup(record);
  return answer(user.userId, profile, toSetup(record));
}

/** The list price: the asking price of a pair in stock, the desired price of a wts item. */
export const listPriceOf = (item: ListedItem): number | null =>
  item.listType === 'inventory' ? item.askingPrice : item.desiredPrice;

export function toPricedItem(item: ListedItem, storefrontPrice: number | null): StorefrontPricedItem {
  const listPrice = listPriceOf(item);
  return {
    itemId: item.itemId,
    listType: item.listType,
    name: item.name,
    sku: item.sku,
    brand: item.brand,
    imageUrl: item.imageUrl,
    sizes: item.sizes,
    listPrice,
    storefrontPrice,
    effectivePrice: storefrontPriceOf(listPrice, storefrontPrice),
    currency: item.currency,
  };
}

async function chosenLists(deps: SetupDeps, storeUserId: string): Promise<StorefrontList[]> {
  return toSetup(await deps.repo.getSetup(storeUserId)).lists;
}

export async function listPrices(
  deps: SetupDeps,
  actor: Actor,
  page: PageRequest,
): Promise<Page<StorefrontPricedItem>> {
  const user = requireUser(actor);
  await requireStore(deps, user);
  const lists = await chosenLists(deps, user.userId);
  if (lists.length === 0) return { items: [], cursor: null };
  const items = await deps.repo.listItems(user.userId, lists, page);
  const prices = await deps.repo.pricesOf(
    user.userId,
    items.items.map((item) => item.itemId),
  );
  return {
    items: items.items.map((item) => toPricedItem(item, prices.get(item.itemId) ?? null)),
    cursor: items.cursor,
  };
}

export async function setPrice(
  deps: SetupDeps,
  actor: Actor,
  itemId: string,
  price: number | null,
): Promise<StorefrontPricedItem> {
  const user = requireWriter(actor);
  await requireStore(deps, user);
  const lists = await chosenLists(deps, user.userId);
  const item = lists.length > 0 ? await deps.repo.getItem(user.userId, lists, itemId) : null;
  if (!item) throw itemNotFound();
  await deps.repo.setPrice(user.userId, itemId, price, deps.clock.now().toISOString());
  return toPricedItem(item, price);
}
