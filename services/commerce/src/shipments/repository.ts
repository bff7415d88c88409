import { Service, toRecord, toRow } from '@sneakers/shared/table/entity';
import type { ShipmentLink } from '@sneakers/shared/contracts/shipments';
import { idempotencyEntity } from '@sneakers/shared/idempotency/entity';
import type { DocumentClient } from '@sneakers/shared/table/client';
import { queryPage } from '@sneakers/shared/table/paging';
import { conditional, transact } from '@sneakers/shared/table/transaction';
import { bookingView } from '@sneakers/shared/views/booking-view';
import { itemView } from '@sneakers/shared/views/item-view';
import { saleEntity } from '../sales/sale-entity';
import type { ShipmentRecord, ShipmentRepository } from './ports';
import { shipmentEntity, type ShipmentRow } from './shipment-entity';

const DEFAULT_PAGE = 25;

const linkKey = (link: ShipmentLink | null) => (link ? `${link.kind}#${link.id}` : UNLINKED);
const UNLINKED = 'none';

/** The link is stored flat, with the key its index reads: the mapping renames, so it is written out. */
function toShipmentRow(record: ShipmentRecord) {
  const { link, ...rest } = record;
  return toRow({ ...rest, linkKind: link?.kind ?? null, linkId: link?.id ?? null, linkKey: linkKey(link) });
}

function fromShipmentRow(row: ShipmentRow): ShipmentRecord {
  const { linkKind, linkId, linkKey: _key, ...rest } = toRecord(shipmentEntity.schema, row);
  return { ...rest, link: linkKind && linkId ? { kind: linkKind, id: linkId } : null };
}

/** Access patterns: services/commerce/README.md, "Shipments and payments". */
export function createShipmentRepository(client: DocumentClient, table: string): ShipmentRepository {
  const service = new Service(
    {
      shipments: shipmentEntity,
      idempotency: idempotencyEntity,
      items: itemView,
      bookings: bookingView,
      sales: saleEntity,
    },
    { client, table },
  );
  const { shipments, items, bookings, sales } = service.entities;

  /** One key read of the linked record, through the owner's view (the sale entity is this domain's). */
  async function linkTarget(
    storeUserId: string,
    link: ShipmentLink,
  ): Promise<{ label: string | null } | null> {
    switch (link.kind) {
      case 'inventory':
      case 'wtb': {
        const { data } = await items
          .get({ userId: storeUserId, listType: link.kind, id: link.id })
          .go({ consistent: true, attributes: ['name', 'sku'] });
        return data ? { label: `${data.name} (${data.sku})` } : null;
      }
      case 'booking': {
        // The view holds only a booking's identity: no label beyond the section's own words.
        const { data } = await bookings.query.byStore({ storeUserId, bookingId: link.id }).go({ limit: 1 });
        return data.length > 0 ? { label: null } : null;
      }
      case 'sale': {
        const { data } = await sales
          .get({ storeUserId, id: link.id })
          .go({ consistent: true, attributes: ['name', 'size', 'buyerName'] });
        return data ? { label: `${data.name} · ${data.size} · ${data.buyerName}` } : null;
      }
    }
  }

  return {
    list: (storeUserId, filter, page) => {
      const go = (g: { cursor: string | null; limit: number }) => ({ order: 'desc' as const, ...g });
      if (filter.kind === 'link')
        return queryPage(
          page,
          { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
          (g) =>
            shipments.query
              .byLink({ storeUserId, linkKey: linkKey({ kind: filter.linkKind, id: filter.linkId }) })
              .go(go(g)),
          fromShipmentRow,
        );
      if (filter.kind === 'unassociated')
        return queryPage(
          page,
          { index: 'gsi1', defaultLimit: DEFAULT_PAGE },
          (g) => shipments.query.byLink({ storeUserId, linkKey: UNLINKED }).go(go(g)),
          fromShipmentRow,
        );
      return queryPage(
        page,
        { defaultLimit: DEFAULT_PAGE },
        (g) => shipments.query.byStore({ storeUserId }).go(go(g)),
        fromShipmentRow,
      );
    },
    get: async (storeUserId, id) => {
      const { data } = await shipments.get({ storeUserId, id }).go({ consistent: true });
      return data ? fromShipmentRow(data) : null;
    },
    create: (record, claim) =>
      transact(
        () =>
          service.transaction
            .write(({ idempotency, shipments: s }) => [
              idempotency.create(claim).commit(),
              s.create(toShipmentRow(record)).commit(),
            ])
            .go(),
        ['duplicate', null],
      ),
    replace: (next, before) =>
      conditional(
        () =>
          shipments
            .put(toShipmentRow(next))
            .where(({ updatedAt }, { eq }) => eq(updatedAt, before.updatedAt))
            .go(),
        'stale',
      ),
    delete: (storeUserId, id) =>
      conditional(
        () =>
          shipments
            .delete({ storeUserId, id })
            .where(({ id: existing }, { exists }) => exists(existing))
            .go(),
        'missing',
      ),
    createOnce: (record) => conditional(() => shipments.create(toShipmentRow(record)).go(), 'exists'),
    // No index holds the number: the store's shipments are read with a filter, newest first,
    // until one matches (a store's shipments are a few thousand rows at most).
    findByTracking: async (storeUserId, courier, trackingNumber) => {
      let cursor: string | null = null;
      do {
        const page: { data: ShipmentRow[]; cursor: string | null } = await shipments.query
          .byStore({ storeUserId })
          .where((a, { eq }) => `${eq(a.courier, courier)} AND ${eq(a.trackingNumber, trackingNumber)}`)
          .go({ order: 'desc', cursor, limit: 500 });
        const found = page.data[0];
        if (found) return fromShipmentRow(found);
        cursor = page.cursor;
      } while (cursor);
      return null;
    },
    linkTarget,
  };
}
