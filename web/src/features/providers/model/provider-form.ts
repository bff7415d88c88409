import {
  isValidIban,
  providerRegistrationSchema,
  type Provider,
  type ProviderCreate,
  type ProviderRegistration,
  type ProviderStatus,
  type ProviderUpdate,
} from '@sneakers/shared';

export const PROVIDER_FIELDS = ['name', 'email', 'phone', 'alias', 'dni', 'iban'] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** What the form holds: plain strings, the IBAN typed by the user (never the stored one). */
export type ProviderDraft = Record<ProviderField, string>;

/** Field → i18n key (or, for API field errors, the server's message as is). */
export type ProviderDraftErrors = Partial<Record<ProviderField, string>>;

export const OPTIONAL_FIELDS = ['phone', 'alias', 'dni'] as const;

export function emptyProviderDraft(): ProviderDraft {
  return { name: '', email: '', phone: '', alias: '', dni: '', iban: '' };
}

/** Editing: every field, the IBAN shown masked (`•••• 1332`) until the store types over it or reveals it. */
export function draftFromProvider(provider: Provider): ProviderDraft {
  return {
    name: provider.name,
    email: provider.email,
    phone: provider.phone ?? '',
    alias: provider.alias ?? '',
    dni: provider.dni ?? '',
    iban: provider.ibanMasked ?? '',
  };
}

const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * What an edit does to the stored IBAN: left as shown (masked, or the revealed number)
 * it is kept; cleared, it is removed; anything else replaces it.
 */
export function ibanEdit(
  typed: string,
  provider: Pick<Provider, 'ibanMasked'>,
  revealed: string | null,
): 'keep' | 'remove' | 'replace' {
  if (typed === (provider.ibanMasked ?? '')) return 'keep';
  const compact = compactIban(typed);
  if (revealed !== null && compact === compactIban(revealed)) return 'keep';
  return compact === '' ? 'remove' : 'replace';
}

const ERROR_KEYS: Record<ProviderField, string> = {
  name: 'providers.form.errors.name',
  email: 'providers.form.errors.email',
  phone: 'providers.form.errors.tooLong',
  alias: 'providers.form.errors.tooLong',
  dni: 'providers.form.errors.tooLong',
  iban: 'providers.form.errors.iban',
};

function isField(key: unknown): key is ProviderField {
  return typeof key === 'string' && (PROVIDER_FIELDS as readonly string[]).includes(key);
}

/**
 * The registration fields of the draft, validated with the contract's rules
 * (`providerRegistrationSchema`, docs/product/providers-and-consignments.md#provider-form:
 * full name and email required; the IBAN, when given, must pass `isValidIban`). Empty
 * optional fields are left out.
 */
export function validateProviderDraft(
  draft: ProviderDraft,
):
  | { payload: ProviderRegistration; errors?: undefined }
  | { payload?: undefined; errors: ProviderDraftErrors } {
  const candidate: ProviderRegistration = { name: draft.name.trim(), email: draft.email.trim() };
  for (const key of OPTIONAL_FIELDS) {
    const value = draft[key].trim();
    if (value) candidate[key] = value;
  }
  const iban = draft.iban.replace(/\s+/g, '').toUpperCase();
  if (iban) candidate.iban = iban;

  const errors: ProviderDraftErrors = {};
  const result = providerRegistrationSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (isField(key) && !errors[key]) errors[key] = ERROR_KEYS[key];
    }
  }
  if (iban && !isValidIban(iban)) errors.iban = ERROR_KEYS.iban;
  if (Object.keys(errors).length > 0) return { errors };
  return { payload: candidate };
}

/** Create: the validated registration fields (a provider the store adds is approved at once). */
export function toProviderCreate(payload: ProviderRegistration): ProviderCreate {
  return payload;
}

/**
 * Update: every field (an emptied optional one becomes null); the IBAN as `ibanEdit` says:
 * absent to keep the stored one, null to remove it, the new one to replace it.
 */
export function toProviderUpdate(
  payload: ProviderRegistration,
  iban: 'keep' | 'remove' | 'replace' = 'replace',
): ProviderUpdate {
  const update: ProviderUpdate = {
    name: payload.name,
    email: payload.email,
    phone: payload.phone ?? null,
    alias: payload.alias ?? null,
    dni: payload.dni ?? null,
  };
  if (iban === 'remove') update.iban = null;
  else if (iban === 'replace' && payload.iban) update.iban = payload.iban;
  return update;
}

/** The API's field errors (400 with `fields`) mapped onto the form's fields. */
export function apiFieldErrors(fields: Record<string, string[]> | undefined): ProviderDraftErrors {
  const errors: ProviderDraftErrors = {};
  if (!fields) return errors;
  for (const [key, messages] of Object.entries(fields)) {
    if (isField(key) && messages[0]) errors[key] = messages[0];
  }
  return errors;
}

export const STATUS_TONE: Record<ProviderStatus, 'orange' | 'blue' | 'red'> = {
  pending: 'orange',
  approved: 'blue',
  rejected: 'red',
};

export function registrationUrl(userId: string, token: string, origin = window.location.origin): string {
  return `${origin}/provider-registration/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`;
}

/** Newest first (the API lists newest first; kept stable across pages). */
export function newestFirst(providers: readonly Provider[]): Provider[] {
  return [...providers].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
