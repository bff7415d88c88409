/** Items per page of the public list API after the first. */
export const PUBLIC_PAGE_SIZE = 100;
/** The first page only has to fill a screen: a small one paints sooner on a slow phone. */
export const PUBLIC_FIRST_PAGE_SIZE = 24;

export function publicPageSize(cursor: string | undefined): number {
  return cursor ? PUBLIC_PAGE_SIZE : PUBLIC_FIRST_PAGE_SIZE;
}

/**
 * The exact URL the typed client builds for the first page of a public list (the share
 * shell starts this request before the list code has loaded; a test keeps the two equal).
 */
export function firstPublicPageUrl(apiBaseUrl: string, userId: string, listType: string): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/api/public-lists/${encodeURIComponent(userId)}/${encodeURIComponent(listType)}?limit=${PUBLIC_FIRST_PAGE_SIZE}`;
}
