/** A calendar date (YYYY-MM-DD) in the reader's language, without a time zone shift. */
export function formatIsoDate(date: string, language: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** A timestamp in the reader's language and time zone. */
export function formatTimestamp(iso: string, language: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

export function paymentHref(id: string): string {
  return `/dashboard/payments/${encodeURIComponent(id)}`;
}
