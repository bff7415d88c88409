import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { defineContract } from './contract';
import { MAX_CENTS, requiredText, text } from './fields';

/**
 * The store CRM (spec sections 2, 3, 4, 5, 7, 8): clients, bookings (pre-orders with a
 * deposit) and providers (suppliers who register through the store's link). Every record
 * belongs to the store whose verified token asks; amounts are integer cents.
 */

const cents = z.int().check(z.minimum(0), z.maximum(MAX_CENTS));
const id = z.string().check(z.minLength(1), z.maxLength(64));
export const CRM_PAGE_SIZE_MAX = 100;
const pageQuery = {
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CRM_PAGE_SIZE_MAX))),
};
/** Trimmed and lower-cased before the format check, so matching by email is exact. */
const email = (message: string) =>
  z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email(message));
/** '@username' or 'username'; stored without the '@'. */
const instagram = z.pipe(
  z.string().check(z.trim(), z.maxLength(31)),
  z.transform((v) => v.replace(/^@+/, '')),
);

/** A PATCH body: any of `fields`, nothing else, and at least one. */
const updateOf = <S extends Record<string, z.ZodMiniType>>(fields: S) =>
  z
    .partial(z.strictObject(fields))
    .check(z.refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' }));

// ---------------------------------------------------------------- clients

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  instagramHandle: z.nullable(z.string()),
  /** How many bookings the client has (kept with the client row). */
  bookingCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** Spec section 5, client form: name, email, phone required; valid email; instagram optional. */
export const clientFields = {
  name: requiredText(120, 'Name is required'),
  email: email('Enter a valid email address'),
  phone: requiredText(40, 'Phone is required'),
  instagramHandle: z.nullable(instagram),
};
export const clientCreateSchema = z.strictObject({
  name: clientFields.name,
  email: clientFields.email,
  phone: clientFields.phone,
  instagramHandle: z.optional(clientFields.instagramHandle),
});
export type ClientCreate = z.input<typeof clientCreateSchema>;

export const clientUpdateSchema = updateOf(clientFields);
export type ClientUpdate = z.input<typeof clientUpdateSchema>;

const clientId = z.object({ clientId: id });

/** The store's clients, newest first. */
export const listClients = defineContract({
  id: 'crm.clients.list',
  method: 'GET',
  path: '/api/clients',
  auth: 'user',
  query: z.object(pageQuery),
  response: z.object({ clients: z.array(clientSchema), cursor: z.nullable(z.string()) }),
});

/** 409 CLIENT_EMAIL_TAKEN when another client of the store has the email. */
export const createClient = defineContract({
  id: 'crm.clients.create',
  method: 'POST',
  path: '/api/clients',
  auth: 'user',
  body: clientCreateSchema,
  response: z.object({ client: clientSchema }),
  maxBodyBytes: 4 * 1024,
});

export const updateClient = defineContract({
  id: 'crm.clients.update',
  method: 'PATCH',
  path: '/api/clients/{clientId}',
  auth: 'user',
  params: clientId,
  body: clientUpdateSchema,
  response: z.object({ client: clientSchema }),
  maxBodyBytes: 4 * 1024,
});

/** Deletes the client and every booking of theirs (the confirmation says so). */
export const deleteClient = defineContract({
  id: 'crm.clients.delete',
  method: 'DELETE',
  path: '/api/clients/{clientId}',
  auth: 'user',
  params: clientId,
  response: z.object({ deleted: z.literal(true), bookingsDeleted: z.int() }),
});

export const CLIENT_IMPORT_MAX_ROWS = 200;

/**
 * One batch of a CSV import: each row updates the client with the same email (case
 * insensitive) or creates one. Rows are checked one by one; a bad row is reported with its
 * index and field errors and the others still apply.
 */
export const importClients = defineContract({
  id: 'crm.clients.import',
  method: 'POST',
  path: '/api/clients/import',
  auth: 'user',
  body: z.strictObject({
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .check(z.minLength(1), z.maxLength(CLIENT_IMPORT_MAX_ROWS)),
  }),
  response: z.object({
    created: z.int(),
    updated: z.int(),
    errors: z.array(z.object({ row: z.int(), fields: z.record(z.string(), z.array(z.string())) })),
  }),
  maxBodyBytes: 256 * 1024,
});

// ---------------------------------------------------------------- bookings

/** Spec section 4: new bookings start active; badge colours blue, green, red, purple. */
export const BOOKING_STATUSES = ['active', 'found', 'cancelled', 'completed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const bookingClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  instagramHandle: z.nullable(z.string()),
});

export const bookingSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  /** The client as it is now (joined on read). */
  client: bookingClientSchema,
  itemSku: z.string(),
  itemName: z.string(),
  itemBrand: z.string(),
  itemColorway: z.string(),
  itemImageUrl: z.nullable(z.string()),
  size: z.string(),
  productVariantId: z.nullable(z.string()),
  salePrice: cents,
  prepaidAmount: cents,
  currency: z.enum(CURRENCIES),
  status: z.enum(BOOKING_STATUSES),
  notes: z.nullable(z.string()),
  /** The unguessable id of the shareable page /booking/{shareId}. */
  shareId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Client detail page data: the client and all its bookings, newest first (one Query). */
export const getClient = defineContract({
  id: 'crm.clients.get',
  method: 'GET',
  path: '/api/clients/{clientId}',
  auth: 'user',
  params: clientId,
  response: z.object({ client: clientSchema, bookings: z.array(bookingSchema) }),
});

const bookingFields = {
  itemSku: requiredText(40, 'Product is required'),
  itemName: requiredText(160, 'Product is required'),
  itemBrand: text(60),
  itemColorway: text(120),
  itemImageUrl: z.nullable(z.url()),
  size: requiredText(20, 'Size is required'),
  productVariantId: z.nullable(text(64)),
  salePrice: cents,
  prepaidAmount: cents,
  currency: z.enum(CURRENCIES),
  status: z.enum(BOOKING_STATUSES),
  notes: z.nullable(text(2000)),
};

/** Spec section 5, booking form. 400 PREPAID_ABOVE_PRICE when the deposit exceeds the price. */
export const bookingCreateSchema = z.strictObject({
  clientId: id,
  itemSku: bookingFields.itemSku,
  itemName: bookingFields.itemName,
  itemBrand: z.optional(bookingFields.itemBrand),
  itemColorway: z.optional(bookingFields.itemColorway),
  itemImageUrl: z.optional(bookingFields.itemImageUrl),
  size: bookingFields.size,
  productVariantId: z.optional(bookingFields.productVariantId),
  salePrice: bookingFields.salePrice,
  prepaidAmount: z.optional(bookingFields.prepaidAmount),
  currency: z.optional(bookingFields.currency),
  notes: z.optional(bookingFields.notes),
});
export type BookingCreate = z.input<typeof bookingCreateSchema>;

/** The client of a booking never changes. */
export const bookingUpdateSchema = updateOf(bookingFields);
export type BookingUpdate = z.input<typeof bookingUpdateSchema>;

const bookingId = z.object({ bookingId: id });

/** The store's bookings, newest first, optionally of one status. */
export const listBookings = defineContract({
  id: 'crm.bookings.list',
  method: 'GET',
  path: '/api/bookings',
  auth: 'user',
  query: z.object({ status: z.optional(z.enum(BOOKING_STATUSES)), ...pageQuery }),
  response: z.object({ bookings: z.array(bookingSchema), cursor: z.nullable(z.string()) }),
});

/**
 * Creates an active booking for one of the store's clients (404 CLIENT_NOT_FOUND otherwise).
 * Requires an Idempotency-Key header: a retried submit creates one booking.
 */
export const createBooking = defineContract({
  id: 'crm.bookings.create',
  method: 'POST',
  path: '/api/bookings',
  auth: 'user',
  body: bookingCreateSchema,
  response: z.object({ booking: bookingSchema }),
  maxBodyBytes: 8 * 1024,
});

export const getBooking = defineContract({
  id: 'crm.bookings.get',
  method: 'GET',
  path: '/api/bookings/{bookingId}',
  auth: 'user',
  params: bookingId,
  response: z.object({ booking: bookingSchema }),
});

export const updateBooking = defineContract({
  id: 'crm.bookings.update',
  method: 'PATCH',
  path: '/api/bookings/{bookingId}',
  auth: 'user',
  params: bookingId,
  body: bookingUpdateSchema,
  response: z.object({ booking: bookingSchema }),
  maxBodyBytes: 8 * 1024,
});

export const deleteBooking = defineContract({
  id: 'crm.bookings.delete',
  method: 'DELETE',
  path: '/api/bookings/{bookingId}',
  auth: 'user',
  params: bookingId,
  response: z.object({ deleted: z.literal(true) }),
});

/** Queues the booking_information email to the client (202); 409 CLIENT_HAS_NO_EMAIL. */
export const sendBookingInformation = defineContract({
  id: 'crm.bookings.sendInformation',
  method: 'POST',
  path: '/api/bookings/{bookingId}/information-email',
  auth: 'user',
  params: bookingId,
  response: z.object({ queued: z.literal(true) }),
});

/** What the client sees at /booking/{shareId}: no notes, no other client, no store internals. */
export const sharedBookingSchema = z.object({
  itemSku: z.string(),
  itemName: z.string(),
  itemBrand: z.string(),
  itemColorway: z.string(),
  itemImageUrl: z.nullable(z.string()),
  size: z.string(),
  salePrice: cents,
  prepaidAmount: cents,
  currency: z.enum(CURRENCIES),
  status: z.enum(BOOKING_STATUSES),
  clientName: z.string(),
  createdAt: z.string(),
  store: z.object({
    businessName: z.string(),
    contactEmail: z.string(),
    phone: z.nullable(z.string()),
    instagramHandle: z.nullable(z.string()),
    location: z.string(),
  }),
});
export type SharedBooking = z.infer<typeof sharedBookingSchema>;

/** Public, by the unguessable share id only; 404 BOOKING_NOT_FOUND otherwise. */
export const getSharedBooking = defineContract({
  id: 'crm.bookings.getShared',
  method: 'GET',
  path: '/api/shared-bookings/{shareId}',
  auth: 'public',
  params: z.object({ shareId: z.string().check(z.minLength(16), z.maxLength(64)) }),
  response: z.object({ booking: sharedBookingSchema }),
});

// ---------------------------------------------------------------- providers

/** Spec section 4: a registration starts pending; the store approves or rejects it. */
export const PROVIDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

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

/** Spec section 5, provider registration: full name and email required; the rest optional. */
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

/** Goods a provider leaves with the store to sell (spec: Consignment, send-consignment-email). */
export const CONSIGNMENT_STATUSES = ['in_stock', 'sold', 'returned'] as const;
export type ConsignmentStatus = (typeof CONSIGNMENT_STATUSES)[number];

export const consignmentSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  itemSku: z.string(),
  itemName: z.string(),
  size: z.string(),
  productVariantId: z.nullable(z.string()),
  /** What the store pays the provider once sold. */
  price: cents,
  /** What it sold for (set when sold). */
  salePrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  status: z.enum(CONSIGNMENT_STATUSES),
  notes: z.nullable(z.string()),
  soldAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Consignment = z.infer<typeof consignmentSchema>;

export const consignmentCreateSchema = z.strictObject({
  itemSku: requiredText(40, 'Product is required'),
  itemName: requiredText(160, 'Product is required'),
  size: requiredText(20, 'Size is required'),
  productVariantId: z.optional(z.nullable(text(64))),
  price: cents,
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
  body: z.strictObject({ salePrice: cents }),
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

export const crmContracts = [
  listClients,
  createClient,
  getClient,
  updateClient,
  deleteClient,
  importClients,
  listBookings,
  createBooking,
  getBooking,
  updateBooking,
  deleteBooking,
  sendBookingInformation,
  getSharedBooking,
  listProviders,
  createProvider,
  getProvider,
  updateProvider,
  decideProvider,
  deleteProvider,
  getProviderRegistrationLink,
  rotateProviderRegistrationLink,
  getProviderRegistration,
  submitProviderRegistration,
  listConsignments,
  createConsignment,
  markConsignmentSold,
  markConsignmentReturned,
] as const;
