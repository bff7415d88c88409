/** A link for the store's contact text when it is one email address or phone number, else null. */
export function contactHref(contact: string): string | null {
  const text = contact.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return `mailto:${text}`;
  if (/^\+?[0-9 ()-]{6,20}$/.test(text)) return `tel:${text.replace(/[^0-9+]/g, '')}`;
  return null;
}
