import { SHAREABLE_LIST_TYPES } from '../contracts/list-values';

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
