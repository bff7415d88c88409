import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { pageQuery as pageQueryOf } from '../paging/page';
import { defineContract } from './contract';
import { amount, cents, email, recordId as id, requiredText, text, updateOf } from './fields';

/**
 * The crm service (docs/product/clients-and-bookings.md): clients and bookings (pre-orders with
 * a deposit). Every record belongs to the store whose verified token asks; amounts are
 * integer cents.
 */
export const CRM_PAGE_SIZE_MAX = 100;
const pageQuery = pageQueryOf(CRM_PAGE_SIZE_MAX);
/** '@username' or 'username'; stored without the '@'. */
export const instagram = z.pipe(
  z.string().check(z.trim(), z.maxLength(31)),
  z.transform((v) => v.replace(/^@+/, '')),
);

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

/** The client form: name, email, phone required; valid email; instagram optional (docs/product/clients-and-bookings.md#client-form). */
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

/** New bookings start active; badge colours blue, green, red, purple (docs/product/clients-and-bookings.md#booking-statuses). */
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
  salePrice: amount,
  prepaidAmount: amount,
  currency: z.enum(CURRENCIES),
  status: z.enum(BOOKING_STATUSES),
  notes: z.nullable(text(2000)),
};

/**
 * Whether this save emails the client (confirmation on create, update on change); the form's
 * switch turns it off for one save. Absent means yes. Not stored: it is about this save only.
 */
const notifyClient = z.optional(z.boolean());

/** The booking form (docs/product/clients-and-bookings.md#booking-form). 400 PREPAID_ABOVE_PRICE when the deposit exceeds the price. */
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
  notifyClient,
});
export type BookingCreate = z.input<typeof bookingCreateSchema>;

/** The client of a booking never changes; `notifyClient` alone is nothing to update. */
export const bookingUpdateSchema = z
  .partial(z.strictObject({ ...bookingFields, notifyClient: z.boolean() }))
  .check(z.refine((v) => Object.keys(v).some((k) => k !== 'notifyClient'), { message: 'Nothing to update' }));
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
] as const;
