import type { AuditPerson } from '@sneakers/shared';

/** An audit entry's before/after JSON, indented for reading; the raw text when it is not JSON. */
export function readableJson(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A person as the audit log names them: 'Business (email)', or whichever of the two is
 * known; `unknown` when neither is (a user with no profile left), never the bare id.
 */
export function personLabel(person: AuditPerson, unknown: string): string {
  if (person.businessName && person.email) return `${person.businessName} (${person.email})`;
  return person.businessName ?? person.email ?? unknown;
}
