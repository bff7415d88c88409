import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { CRM_PAGE_SIZE_MAX } from './crm';
import { amount, cents, email, recordId as id, requiredText, text, updateOf } from './fields';
import { CONSIGNMENT_STATUSES, PROVIDER_STATUSES } from './provider-values';

export * from './provider-values';

/**
 * The providers service: suppliers who register through the store's link (or are added
 * by the store), their approval, and the consignments they leave with the store.
 */
const pageQuery = pageQueryOf(CRM_PAGE_SIZE_MAX);

// ---------------------------------------------------------------- providers

/** A registration starts pending; the store approves or rejects it (docs/product/providers-and-consignments.md#provider-statuses). */

/** ISO 13616 IBAN: country, check digits, up to 30 letters or digits; mod-97 of the rearranged number is 1. */
export function isValidIban(input: string): boolean {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** 'ES91 2100 0418 4502 0005 1332' → '•••• 1332'. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length <= 4 ? compact : `•••• ${compact.slice(-4)}`;
}

const iban = z
  .pipe(
    z.string().check(z.trim(), z.maxLength(42)),
    z.transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  )
  .check(z.refine((v) => v === '' || isValidIban(v), { message: 'Enter a valid IBAN' }));

/** The provider's fields: full name and email required; the rest optional (docs/product/providers-and-consignments.md#provider-form). */
export const providerFields = {
  name: requiredText(120, 'Full name is required'),
  email: email('Enter a valid email address'),
  phone: z.nullable(text(40)),
  alias: z.nullable(text(60)),
  dni: z.nullable(text(30)),
  iban: z.nullable(iban),
};

export const providerRegistrationSchema = z.strictObject({
  name: providerFields.name,
  email: providerFields.email,
  phone: z.optional(providerFields.phone),
  alias: z.optional(providerFields.alias),
  dni: z.optional(providerFields.dni),
  iban: z.optional(providerFields.iban),
});
export type ProviderRegistration = z.input<typeof providerRegistrationSchema>;

/** The store's view: the IBAN only masked (the full number never leaves the server). */
export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  alias: z.nullable(z.string()),
  dni: z.nullable(z.string()),
  ibanMasked: z.nullable(z.string()),
  status: z.enum(PROVIDER_STATUSES),
  /** registration: through the store's link; manual: added by the store. */
  source: z.enum(['registration', 'manual']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerCreateSchema = providerRegistrationSchema;
export type ProviderCreate = ProviderRegistration;

export const providerUpdateSchema = updateOf(providerFields);
export type ProviderUpdate = z.input<typeof providerUpdateSchema>;

const providerId = z.object({ providerId: id });

export const listProviders = defineContract({
  id: 'crm.providers.list',
  method: 'GET',
  path: '/api/providers',
  auth: 'user',
  query: z.object({ status: z.optional(z.enum(PROVIDER_STATUSES)), ...pageQuery }),
  response: z.object({ providers: z.array(providerSchema), cursor: z.nullable(z.string()) }),
});

/** A provider added by the store is approved at once; 409 PROVIDER_EMAIL_TAKEN on a duplicate email. */
export const createProvider = defineContract({
  id: 'crm.providers.create',
  method: 'POST',
  path: '/api/providers',
  auth: 'user',
  body: providerCreateSchema,
  response: z.object({ provider: providerSchema }),
  maxBodyBytes: 4 * 1024,
});

export const getProvider = defineContract({
  id: 'crm.providers.get',
  method: 'GET',
  path: '/api/providers/{providerId}',
  auth: 'user',
  params: providerId,
  response: z.object({ provider: providerSchema }),
});

export const updateProvider = defineContract({
  id: 'crm.providers.update',
  method: 'PATCH',
  path: '/api/providers/{providerId}',
  auth: 'user',
  params: providerId,
  body: providerUpdateSchema,
  response: z.object({ provider: providerSchema }),
  maxBodyBytes: 4 * 1024,
});

/** Approve or reject a pending (or re-decide any) provider. */
export const decideProvider = defineContract({
  id: 'crm.providers.decide',
  method: 'POST',
  path: '/api/providers/{providerId}/decision',
  auth: 'user',
  params: providerId,
  body: z.strictObject({ decision: z.enum(['approve', 'reject']) }),
  response: z.object({ provider: providerSchema }),
});

export const deleteProvider = defineContract({
  id: 'crm.providers.delete',
  method: 'DELETE',
  path: '/api/providers/{providerId}',
  auth: 'user',
  params: providerId,
  response: z.object({ deleted: z.literal(true) }),
});

/** Why the store reveals a provider's full IBAN: to read it on screen or to print the pickup sheet. */
export const IBAN_REVEAL_PURPOSES = ['view', 'print'] as const;
export type IbanRevealPurpose = (typeof IBAN_REVEAL_PURPOSES)[number];

/**
 * The owning store reveals its provider's full IBAN on purpose (to pay the provider): the
 * only response that carries it. Each reveal is recorded (who, when, purpose) and rate
 * limited per store (429 RATE_LIMITED); another store's provider is 404 PROVIDER_NOT_FOUND;
 * `iban` is null when the provider has none.
 */
export const revealProviderIban = defineContract({
  id: 'crm.providers.revealIban',
  method: 'POST',
  path: '/api/providers/{providerId}/iban/reveal',
  auth: 'user',
  params: providerId,
  body: z.strictObject({ purpose: z.enum(IBAN_REVEAL_PURPOSES) }),
  response: z.object({ iban: z.nullable(z.string()) }),
  // A read, audited: a read-only account still reads everything it saved (docs/adr/0021).
  subscriptionExempt: true,
});

export const ibanRevealSchema = z.object({
  id: z.string(),
  purpose: z.enum(IBAN_REVEAL_PURPOSES),
  /** The signed-in account that revealed it: its email, else its user id. */
  revealedBy: z.string(),
  revealedAt: z.string(),
});
export type IbanReveal = z.infer<typeof ibanRevealSchema>;

/** The provider's IBAN reveals, newest first (at most the latest 50). */
export const listProviderIbanReveals = defineContract({
  id: 'crm.providers.ibanReveals',
  method: 'GET',
  path: '/api/providers/{providerId}/iban/reveals',
  auth: 'user',
  params: providerId,
  response: z.object({ reveals: z.array(ibanRevealSchema) }),
});

/** The store's registration link token (created on first read). */
export const getProviderRegistrationLink = defineContract({
  id: 'crm.providers.getLink',
  method: 'GET',
  path: '/api/provider-registration-link',
  auth: 'user',
  response: z.object({ token: z.string() }),
});

/** Revokes the current link and issues a new token. */
export const rotateProviderRegistrationLink = defineContract({
  id: 'crm.providers.rotateLink',
  method: 'POST',
  path: '/api/provider-registration-link/rotate',
  auth: 'user',
  response: z.object({ token: z.string() }),
});

const registrationParams = z.object({
  storeUserId: id,
  token: z.string().check(z.minLength(16), z.maxLength(128)),
});

/** Public: which store the link belongs to; 404 REGISTRATION_LINK_INVALID for a wrong or revoked token. */
export const getProviderRegistration = defineContract({
  id: 'crm.providers.getRegistration',
  method: 'GET',
  path: '/api/provider-registration/{storeUserId}/{token}',
  auth: 'public',
  params: registrationParams,
  response: z.object({ store: z.object({ businessName: z.string() }) }),
});

/**
 * Public registration: starts pending. The same email for the same store again changes
 * nothing (200, still one provider). Rate-limited per client address (429 RATE_LIMITED).
 */
export const submitProviderRegistration = defineContract({
  id: 'crm.providers.register',
  method: 'POST',
  path: '/api/provider-registration/{storeUserId}/{token}',
  auth: 'public',
  params: registrationParams,
  body: providerRegistrationSchema,
  response: z.object({ status: z.literal('pending') }),
  maxBodyBytes: 4 * 1024,
});

// ---------------------------------------------------------------- consignments

export const consignmentSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  itemSku: z.string(),
  itemName: z.string(),
  size: z.string(),
  /** The catalogue product and size it was picked as (null: typed by hand). */
  productCatalogId: z.nullable(z.string()),
  productVariantId: z.nullable(z.string()),
  /** From the catalogue pick (or typed): what sales and the overview's by-brand figures show. */
  itemBrand: z.string(),
  itemColorway: z.string(),
  itemImageUrl: z.nullable(z.string()),
  /** What the store pays the provider once sold. */
  price: cents,
  /** What it sold for (set when sold). */
  salePrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  status: z.enum(CONSIGNMENT_STATUSES),
  notes: z.nullable(z.string()),
  soldAt: z.nullable(z.string()),
  /** The sale that sold it (commerce), when sold through a sale. */
  saleId: z.nullable(z.string()),
  /** The payment that settled it with the provider; null while the store still owes it. */
  paymentId: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

export const consignmentCreateSchema = z.strictObject({
  itemSku: requiredText(40, 'Product is required'),
  itemName: requiredText(160, 'Product is required'),
  size: requiredText(20, 'Size is required'),
  productCatalogId: z.optional(z.nullable(text(64))),
  productVariantId: z.optional(z.nullable(text(64))),
  itemBrand: z.optional(text(60)),
  itemColorway: z.optional(text(120)),
  itemImageUrl: z.optional(z.nullable(z.url())),
  price: amount,
  currency: z.optional(z.enum(CURRENCIES)),
  notes: z.optional(z.nullable(text(2000))),
});
export type ConsignmentCreate = z.input<typeof consignmentCreateSchema>;

const consignmentParams = z.object({ providerId: id, consignmentId: id });

/** A provider's consignments, newest first. */
export const listConsignments = defineContract({
  id: 'crm.consignments.list',
  method: 'GET',
  path: '/api/providers/{providerId}/consignments',
  auth: 'user',
  params: providerId,
  response: z.object({ consignments: z.array(consignmentSchema) }),
});

/**
 * Records goods received from an approved provider (409 PROVIDER_NOT_APPROVED otherwise);
 * the provider gets the consignment_created email. Requires an Idempotency-Key header.
 */
export const createConsignment = defineContract({
  id: 'crm.consignments.create',
  method: 'POST',
  path: '/api/providers/{providerId}/consignments',
  auth: 'user',
  params: providerId,
  body: consignmentCreateSchema,
  response: z.object({ consignment: consignmentSchema }),
  maxBodyBytes: 8 * 1024,
});

/** In stock → sold (409 CONSIGNMENT_NOT_IN_STOCK otherwise); the provider gets consignment_sold. */
export const markConsignmentSold = defineContract({
  id: 'crm.consignments.sold',
  method: 'POST',
  path: '/api/providers/{providerId}/consignments/{consignmentId}/sold',
  auth: 'user',
  params: consignmentParams,
  body: z.strictObject({ salePrice: amount }),
  response: z.object({ consignment: consignmentSchema }),
});

/** In stock → returned to the provider (no email). */
export const markConsignmentReturned = defineContract({
  id: 'crm.consignments.returned',
  method: 'POST',
  path: '/api/providers/{providerId}/consignments/{consignmentId}/returned',
  auth: 'user',
  params: consignmentParams,
  response: z.object({ consignment: consignmentSchema }),
});

export const providersContracts = [
  listProviders,
  createProvider,
  getProvider,
  updateProvider,
  decideProvider,
  deleteProvider,
  revealProviderIban,
  listProviderIbanReveals,
  getProviderRegistrationLink,
  rotateProviderRegistrationLink,
  getProviderRegistration,
  submitProviderRegistration,
  listConsignments,
  createConsignment,
  markConsignmentSold,
  markConsignmentReturned,
] as const;
