/** Optional text: blank means absent (stored as null). */
export const textOrNull = (value: string | null | undefined): string | null =>
  value?.trim() ? value.trim() : null;
