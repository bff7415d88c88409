import { SHAREABLE_LIST_TYPES } from '../contracts/list-values';

type ShareableListType = (typeof SHAREABLE_LIST_TYPES)[number];

/**
 * docs/product/lists-and-public-lists.md#visibility-rule: a public list shows the items of a shareable list whose visibility is
 * public and whose status is pending. The lists service indexes by it, the offers service
 * accepts offers by it, and the SPA labels items with it.
 */
export function isShownPublicly(item: { listType: string; visibility: string; status: string }): boolean {
  return (
    (SHAREABLE_LIST_TYPES as readonly string[]).includes(item.listType) &&
    item.visibility === 'public' &&
    item.status === 'pending'
  );
}

/** The owner's profile flag that opens each shareable list's public page (rule 1). */
export const PUBLIC_LIST_FLAG = {
  wtb: 'publicWtbList',
  wts: 'publicWtsList',
  wtc: 'publicWtcList',
} as const satisfies Record<ShareableListType, string>;

export type PublicListFlags = Record<(typeof PUBLIC_LIST_FLAG)[ShareableListType], boolean>;

/**
 * Whether a visitor of the owner's public page sees the item: all four rules, the list's flag
 * included. An item marked public on a private list is not on any public page.
 */
export function isOnPublicPage(
  item: { listType: string; visibility: string; status: string },
  owner: PublicListFlags,
): boolean {
  if (!isShownPublicly(item)) return false;
  const listType = SHAREABLE_LIST_TYPES.find((t) => t === item.listType);
  return listType !== undefined && owner[PUBLIC_LIST_FLAG[listType]];
}
