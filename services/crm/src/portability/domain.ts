import {
  portableBookingSchema,
  portableClientSchema,
  type PortableKind,
} from '@sneakers/shared/contracts/portability';
import type { PortabilityOperations } from '@sneakers/shared/portability/handler';
import {
  CHANGED,
  emailsOf,
  NO_IMPORT_MARKS,
  once,
  portabilityOperations,
  refuseDemo,
  validationError,
  type ImportMarks,
  type PortableKindStore,
  type PortableStored,
  type WriteMarks,
  eraseInSteps,
} from '@sneakers/shared/portability/owner';
import type { Currency } from '@sneakers/shared/money';
import { PREPAID_ABOVE_PRICE_MESSAGE, prepaidWithinPrice } from '@sneakers/shared/rules/booking-money';
import { applyBookingChanges } from '../bookings/domain';
import { textOrNull } from '../clients/domain';
import type { BookingRow, ClientRow, CrmPortabilityDeps } from './ports';

/**
 * crm's side of the portability protocol (docs/product/migration-tools.md#how-records-move):
 * clients by email, bookings naming their client by email. Imported records are written
 * with the domain's rules but send nothing: no booking event, so no email to the client and
 * no webhook (those react to the events only), whatever the booking's status.
 */

const marksOf = (row: ClientRow | BookingRow): ImportMarks => ({
  importId: row.importId,
  importAction: row.importAction,
  importRow: row.importRow,
  importedAt: row.importedAt,
  importBefore: row.importBefore,
});

/** The markers a write stores: importedAt is the record's new updatedAt. */
const marksAt = (marks: WriteMarks, at: string) => ({ ...marks, importedAt: at });

export const portableClient = (row: ClientRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  instagramHandle: row.instagramHandle,
});

/** The booking's portable form: its client by email (the client read with it). */
export const portableBooking = (row: BookingRow, clientEmail: string) => ({
  clientEmail,
  itemSku: row.itemSku,
  itemName: row.itemName,
  itemBrand: row.itemBrand,
  itemColorway: row.itemColorway,
  itemImageUrl: row.itemImageUrl,
  size: row.size,
  productVariantId: row.productVariantId,
  salePrice: row.salePrice,
  prepaidAmount: row.prepaidAmount,
  currency: row.currency,
  status: row.status,
  notes: row.notes,
});

const storedClient = (row: ClientRow): PortableStored => ({
  id: row.clientId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  record: portableClient(row),
  marks: marksOf(row),
});

function clientsStore(deps: CrmPortabilityDeps): PortableKindStore {
  const { repo } = deps;
  const rowsById = new Map<string, ClientRow>();
  const remember = (rows: ClientRow[]) => {
    for (const row of rows) rowsById.set(row.clientId, row);
    return rows.map(storedClient);
  };
  return {
    async page(userId, cursor, limit) {
      const page = await repo.pageClients(userId, cursor, limit);
      return { items: remember(page.items), cursor: page.cursor };
    },
    async getMany(userId, ids) {
      return remember(await repo.getClients(userId, ids));
    },
    parse(userId, raw, newId) {
      const parsed = portableClientSchema.safeParse(raw);
      if (!parsed.success) return { error: validationError(parsed.error) };
      // A client without an email (a legacy one) is stored with '' as the app stores it.
      const input = { ...parsed.data, email: parsed.data.email ?? '' };
      const fields = { ...input, instagramHandle: textOrNull(input.instagramHandle) };
      return {
        fields: input.instagramHandle === undefined ? { ...input } : fields,
        async create(marks) {
          const at = deps.clock.now().toISOString();
          const row: ClientRow = {
            storeUserId: userId,
            clientId: newId(),
            ...fields,
            bookingCount: 0,
            ...marksAt(marks, at),
            createdAt: at,
            updatedAt: at,
          };
          if ((await repo.createClient(row)) === 'email_taken')
            return {
              error: {
                code: 'CLIENT_EMAIL_TAKEN',
                message: 'Another client already uses this email address.',
                fields: { email: ['Another client already uses this email address.'] },
              },
            };
          return { id: row.clientId, updatedAt: at };
        },
        async update(stored, marks) {
          const previous = rowsById.get(stored.id);
          if (!previous) return { error: CHANGED };
          const at = deps.clock.now().toISOString();
          const next: ClientRow = {
            ...previous,
            name: input.name,
            phone: input.phone,
            ...(input.instagramHandle !== undefined && { instagramHandle: fields.instagramHandle }),
            ...marksAt(marks, at),
            updatedAt: at,
          };
          if ((await repo.updateClient(previous, next)) === 'stale') return { error: CHANGED };
          rowsById.set(next.clientId, next);
          return { id: next.clientId, updatedAt: at };
        },
      };
    },
    async remove(_userId, stored) {
      const row = rowsById.get(stored.id);
      // A client with bookings keeps them: it is kept too (its bookings' undo runs first).
      return row !== undefined && row.bookingCount === 0 && repo.deleteClient(row);
    },
    async restore(_userId, stored, before) {
      const previous = rowsById.get(stored.id);
      const parsed = portableClientSchema.safeParse(before);
      if (!previous || !parsed.success) return false;
      const next: ClientRow = {
        ...previous,
        name: parsed.data.name,
        phone: parsed.data.phone,
        instagramHandle: textOrNull(parsed.data.instagramHandle),
        ...NO_IMPORT_MARKS,
        updatedAt: deps.clock.now().toISOString(),
      };
      return (await repo.updateClient(previous, next)) === 'updated';
    },
  };
}

const PREPAID_ABOVE_PRICE = {
  code: 'PREPAID_ABOVE_PRICE',
  message: PREPAID_ABOVE_PRICE_MESSAGE,
  fields: { prepaidAmount: [PREPAID_ABOVE_PRICE_MESSAGE] },
};

const clientMissing = (email: string) => ({
  error: {
    code: 'NOT_FOUND',
    message: `No client with the email ${email}: import clients first`,
    fields: { clientEmail: [`No client with the email ${email}: import clients first`] },
  },
});

function bookingsStore(deps: CrmPortabilityDeps): PortableKindStore {
  const { repo } = deps;
  const rowsById = new Map<string, BookingRow>();
  /** The rows' client emails, read in one batch by `prepare` (null: no such client). */
  const clientIds = new Map<string, string | null>();
  const clientIdOf = async (userId: string, email: string) => {
    if (!clientIds.has(email))
      clientIds.set(email, (await repo.findClientIds(userId, [email])).get(email) ?? null);
    return clientIds.get(email) ?? null;
  };
  let currency: (() => Promise<Currency | null>) | undefined;
  /** A page of bookings with their clients' emails, read in one batch. */
  const remember = async (userId: string, rows: BookingRow[]) => {
    const clientIds = [...new Set(rows.map((r) => r.clientId))];
    const emails = new Map((await repo.getClients(userId, clientIds)).map((c) => [c.clientId, c.email]));
    return rows.flatMap((row): PortableStored[] => {
      const clientEmail = emails.get(row.clientId);
      // A booking whose client is being deleted (its cascade in progress) is left out.
      if (clientEmail === undefined) return [];
      rowsById.set(row.bookingId, row);
      return [
        {
          id: row.bookingId,
          createdAt: row.createdAt,
          updatedAt: row.updatedAt,
          record: portableBooking(row, clientEmail),
          marks: marksOf(row),
        },
      ];
    });
  };
  return {
    async page(userId, cursor, limit) {
      const page = await repo.pageBookings(userId, cursor, limit);
      return { items: await remember(userId, page.items), cursor: page.cursor };
    },
    async getMany(userId, ids) {
      return remember(userId, await repo.getBookings(userId, ids));
    },
    async prepare(userId, records) {
      const emails = emailsOf(records, 'clientEmail');
      const found = await repo.findClientIds(userId, emails);
      for (const email of emails) clientIds.set(email, found.get(email) ?? null);
    },
    parse(userId, raw, newId) {
      const parsed = portableBookingSchema.safeParse(raw);
      if (!parsed.success) return { error: validationError(parsed.error) };
      const { clientEmail, ...input } = parsed.data;
      const fields = { clientEmail, ...input };
      return {
        fields,
        async create(marks) {
          currency ??= once(() => repo.storeCurrency(userId));
          const clientId = await clientIdOf(userId, clientEmail);
          if (!clientId) return clientMissing(clientEmail);
          const at = deps.clock.now().toISOString();
          const row: BookingRow = {
            storeUserId: userId,
            bookingId: newId(),
            clientId,
            itemSku: input.itemSku,
            itemName: input.itemName,
            itemBrand: input.itemBrand ?? '',
            itemColorway: input.itemColorway ?? '',
            itemImageUrl: input.itemImageUrl ?? null,
            size: input.size,
            productVariantId: textOrNull(input.productVariantId),
            salePrice: input.salePrice,
            prepaidAmount: input.prepaidAmount ?? 0,
            currency: input.currency ?? (await currency()) ?? 'EUR',
            // The booking's status is kept: an import brings history, not only new pre-orders.
            status: input.status ?? 'active',
            notes: textOrNull(input.notes),
            shareId: deps.shareIds.next(),
            version: 1,
            ...marksAt(marks, at),
            createdAt: at,
            updatedAt: at,
          };
          if (!prepaidWithinPrice(row)) return { error: PREPAID_ABOVE_PRICE };
          if ((await repo.createBooking(row)) === 'client_not_found') return clientMissing(clientEmail);
          return { id: row.bookingId, updatedAt: at };
        },
        async update(stored, marks) {
          const previous = rowsById.get(stored.id);
          if (!previous) return { error: CHANGED };
          const merged = applyBookingChanges(previous, input);
          if (!prepaidWithinPrice(merged)) return { error: PREPAID_ABOVE_PRICE };
          const at = deps.clock.now().toISOString();
          const next: BookingRow = {
            ...previous,
            ...merged,
            version: previous.version + 1,
            ...marksAt(marks, at),
            updatedAt: at,
          };
          if ((await repo.updateBooking(previous, next)) === 'stale') return { error: CHANGED };
          rowsById.set(next.bookingId, next);
          return { id: next.bookingId, updatedAt: at };
        },
      };
    },
    async remove(_userId, stored) {
      const row = rowsById.get(stored.id);
      return row !== undefined && repo.deleteBooking(row);
    },
    async restore(_userId, stored, before) {
      const previous = rowsById.get(stored.id);
      const parsed = portableBookingSchema.safeParse(before);
      if (!previous || !parsed.success) return false;
      const { clientEmail: _client, ...fields } = parsed.data;
      const next: BookingRow = {
        ...previous,
        ...applyBookingChanges(previous, fields),
        version: previous.version + 1,
        ...NO_IMPORT_MARKS,
        updatedAt: deps.clock.now().toISOString(),
      };
      return (await repo.updateBooking(previous, next)) === 'updated';
    },
  };
}

/** Client pages an erase call deletes before it answers (each client with its bookings). */
const ERASE_PAGE = 25;

/**
 * The store's clients and bookings all go. Other stores' clients who happen to have this
 * user's email stay: they are those stores' own customer records (docs/product/accounts.md#closing-the-account).
 */
export async function eraseCrm(deps: CrmPortabilityDeps, userId: string) {
  refuseDemo(userId);
  return eraseInSteps(deps.clock, () => deps.repo.eraseClients(userId, ERASE_PAGE));
}

export function crmPortability(deps: CrmPortabilityDeps): PortabilityOperations {
  const stores: Partial<Record<PortableKind, PortableKindStore>> = {
    clients: clientsStore(deps),
    bookings: bookingsStore(deps),
  };
  return portabilityOperations(stores, ({ userId }) => eraseCrm(deps, userId));
}
