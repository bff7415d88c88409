import { listClients } from '@sneakers/shared/contracts/crm';
import type { ItemCreate } from '@sneakers/shared/contracts/lists';
import { listOffers } from '@sneakers/shared/contracts/offers';
import {
  createOrder,
  createOrderFromOffer,
  fulfilOrder,
  updateOrder,
  type OrderLineInput,
  type OrderStatus,
} from '@sneakers/shared/contracts/orders';
import { createPayment } from '@sneakers/shared/contracts/payments';
import { listConsignments, listProviders } from '@sneakers/shared/contracts/providers';
import { createSale, listSales, type Sale, type SaleCreate } from '@sneakers/shared/contracts/sales';
import { createShipment, type ShipmentCreate } from '@sneakers/shared/contracts/shipments';
import {
  createVirtualProduct,
  type VirtualProduct,
  type VirtualProductCreate,
} from '@sneakers/shared/contracts/virtual-products';
import { DEMO } from '@sneakers/shared/demo';
import { ulid } from '@sneakers/shared/ids';
import { isDealSettled } from '@sneakers/shared/rules/offer-price';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { itemStore, newItem } from '../../../services/lists/src/published';
import { catalogImageUrl, variantForSize, variantSizeLabel, type DemoCatalogLinks } from './catalog';
import { DEAD_STOCK, INVENTORY_SALES, VIRTUAL_PRODUCTS, VIRTUAL_SALES } from './commerce-data';
import { DEMO_OWNER, invoke, seedKey } from './invoke';
import { linkToCatalog } from './lists';

/**
 * The demo store's trade (issue 14): virtual products, about forty sales over the last six
 * months (virtual products, inventory pairs, a consignment, a fulfilled order), sale orders in
 * every status, the purchase order of the accepted offer, shipments with real-format tracking
 * numbers, a payment to a provider, and inventory that has sat unsold for months. Amounts in
 * EUR cents. Written through the commerce routes as the demo store's owner, so the overview
 * gets its figures the way a real store does: from the stream consumer, which the local cloud
 * starts before the seed runs.
 */

const DAY_MS = 86_400_000;

/** A calendar date `days` before `today` (YYYY-MM-DD). */
const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(today) - days * DAY_MS).toISOString().slice(0, 10);

type Product = Pick<VirtualProductCreate, 'sku' | 'name' | 'brand' | 'colorway'>;

/** The catalogue product's id, names and image for a style code (its generated image otherwise). */
function fromCatalog(product: Product, links: DemoCatalogLinks | undefined) {
  const link = links?.get(styleCodeKey(product.sku));
  if (!link) return { ...product, productCatalogId: null, imageUrl: catalogImageUrl(product.sku) };
  return {
    productCatalogId: link.productCatalogId,
    sku: link.sku,
    name: link.name,
    brand: link.brand,
    colorway: link.colorway,
    imageUrl: link.imageUrl,
  };
}

const inventory = (item: Omit<ItemCreate, 'listType'>): ItemCreate => ({
  listType: 'inventory',
  currency: 'EUR',
  ...item,
});

/**
 * Writes the dead-stock pairs with the lists domain's own `newItem` and an injected time and
 * id: the lists route stamps "now", and the overview reads an item's age from its ULID id.
 */
async function seedDeadStock(links: DemoCatalogLinks | undefined): Promise<number> {
  const store = itemStore();
  let created = 0;
  for (const [i, { at, item }] of DEAD_STOCK.entries()) {
    const time = Date.parse(at);
    const id = ulid(time, new Uint8Array(10).fill(0xd0 + i));
    const input = linkToCatalog(inventory(item), links);
    if (await store.createIfAbsent(newItem(DEMO.userId, input, id, new Date(time)))) created++;
  }
  return created;
}

/** An order line of a catalogue product in one size. */
function line(
  product: Product,
  size: string,
  quantity: number,
  unitPrice: number,
  unitCost: number | null,
  links: DemoCatalogLinks | undefined,
): OrderLineInput {
  const link = links?.get(styleCodeKey(product.sku));
  const variant = link ? variantForSize(link, size) : undefined;
  return {
    ...fromCatalog(product, links),
    productVariantId: variant?.id ?? null,
    size: variant ? variantSizeLabel(variant) : size,
    quantity,
    unitPrice,
    unitCost,
  };
}

const KAYANO = VIRTUAL_PRODUCTS[2]!;
const NB990 = VIRTUAL_PRODUCTS[1]!;
const XT6 = VIRTUAL_PRODUCTS[3]!;
const CHICAGO = VIRTUAL_PRODUCTS[0]!;

/** The path of statuses an order walks to reach its sample status. */
const STATUS_PATH: Record<OrderStatus, OrderStatus[]> = {
  pending: [],
  paid: ['paid'],
  shipped: ['paid', 'shipped'],
  delivered: ['paid', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
};

/**
 * Seeds the demo store's trade once: skipped when the store already has sales (the dead
 * stock is checked on every start, by id). Dates are relative to the day it first runs, so
 * the overview's chart covers the last six months.
 */
export async function seedDemoCommerce(links?: DemoCatalogLinks): Promise<boolean> {
  const deadStock = await seedDeadStock(links);
  const existing = await invoke(listSales, DEMO_OWNER, { query: { limit: 1 } });
  if (existing.sales.length > 0) return deadStock > 0;

  const today = new Date().toISOString().slice(0, 10);
  /** Keys carry the day: a start that stopped half-way replays them the same day, never mismatches. */
  const key = (name: string) => seedKey(`commerce-${today}-${name}`);
  const { clients } = await invoke(listClients, DEMO_OWNER, { query: { limit: 100 } });
  const clientId = (name: string) => clients.find((c) => c.name === name)?.id;
  const clientOf = (name: string) => {
    const id = clientId(name);
    if (!id) throw new Error(`The demo seed has no client named ${name} (crm.ts)`);
    return id;
  };
  /** A client of the store when it is one (no email from the seed), else just the buyer's name. */
  const buyer = (name: string): Pick<SaleCreate, 'clientId' | 'buyerName' | 'notifyClient'> => {
    const id = clientId(name);
    return id ? { clientId: id, notifyClient: false } : { buyerName: name };
  };

  const virtualProducts: VirtualProduct[] = await Promise.all(
    VIRTUAL_PRODUCTS.map(async (product, i) => {
      const { virtualProduct } = await invoke(createVirtualProduct, DEMO_OWNER, {
        body: { ...product, ...fromCatalog(product, links), currency: 'EUR' },
        headers: key(`virtual-product-${i}`),
      });
      return virtualProduct;
    }),
  );

  const sales: Sale[] = [];
  const sell = async (name: string, body: SaleCreate) => {
    const { sale } = await invoke(createSale, DEMO_OWNER, { body, headers: key(`sale-${name}`) });
    sales.push(sale);
    return sale;
  };

  // Sales run in chains side by side (DynamoDB Local is slow per request, not per table):
  // one per virtual product, whose row each of its sales updates, and two of inventory pairs.
  const virtualChains = virtualProducts.map((product, p) => async () => {
    for (const [i, [index, size, daysAgo, salePrice, fees, name]] of VIRTUAL_SALES.entries()) {
      if (index !== p) continue;
      await sell(`virtual-${i}`, {
        source: 'virtual',
        itemId: product.id,
        size,
        salePrice,
        fees,
        currency: 'EUR',
        saleDate: daysBefore(today, daysAgo),
        ...buyer(name),
      });
    }
  });
  const store = itemStore();
  const inventorySales = new Map<number, Sale>();
  const inventoryChains = [0, 1].map((chain) => async () => {
    for (const [i, entry] of INVENTORY_SALES.entries()) {
      if (i % 2 !== chain) continue;
      // Bought `heldDays` before it sold: the item carries that time (and its ULID id too).
      const time = Date.parse(daysBefore(today, entry.daysAgo + entry.heldDays)) + 10 * 3_600_000;
      const id = ulid(time, new Uint8Array(10).fill(0xa0 + i));
      const input = linkToCatalog(
        inventory({ ...entry.item, purchaseDate: new Date(time).toISOString().slice(0, 10) }),
        links,
      );
      const item = newItem(DEMO.userId, input, id, new Date(time));
      await store.createIfAbsent(item);
      const sale = await sell(`inventory-${i}`, {
        source: 'inventory',
        itemId: item.id,
        size: item.sizes[0] ?? entry.item.sizes[0],
        salePrice: entry.salePrice,
        fees: entry.fees,
        saleDate: daysBefore(today, entry.daysAgo),
        ...buyer(entry.buyer),
        ...(entry.notes ? { notes: entry.notes } : {}),
      });
      inventorySales.set(i, sale);
    }
  });
  await Promise.all([...virtualChains, ...inventoryChains].map((run) => run()));

  // A consignment in stock sold for its provider: the store now owes Ana Ruiz its price.
  const { providers } = await invoke(listProviders, DEMO_OWNER, { query: { limit: 100 } });
  const providerNamed = (name: string) => {
    const provider = providers.find((p) => p.name === name);
    if (!provider) throw new Error(`The demo seed has no provider named ${name} (providers.ts)`);
    return provider;
  };
  const ana = providerNamed('Ana Ruiz');
  const anaStock = (await invoke(listConsignments, DEMO_OWNER, { params: { providerId: ana.id } }))
    .consignments;
  const consigned = anaStock.find((c) => c.status === 'in_stock');
  if (!consigned) throw new Error('The demo seed gave Ana Ruiz no consignment in stock (providers.ts)');
  const consignmentSale = await sell('consignment', {
    source: 'consignment',
    providerId: ana.id,
    consignmentId: consigned.id,
    salePrice: 28500,
    fees: 0,
    saleDate: daysBefore(today, 3),
    buyerName: 'Daniel Ortiz',
    notes: 'Consigned by Ana Ruiz; she is paid once the buyer confirms.',
  });

  // Carlos Gómez's pair sold earlier (providers.ts): paid by bank transfer.
  const carlos = providerNamed('Carlos Gómez');
  const carlosStock = (await invoke(listConsignments, DEMO_OWNER, { params: { providerId: carlos.id } }))
    .consignments;
  const soldForCarlos = carlosStock.find((c) => c.status === 'sold' && !c.paymentId);
  if (!soldForCarlos) throw new Error('The demo seed gave Carlos Gómez no sold consignment (providers.ts)');
  await invoke(createPayment, DEMO_OWNER, {
    body: {
      providerId: carlos.id,
      consignmentIds: [soldForCarlos.id],
      paymentMethod: 'bank_transfer',
      paymentDate: daysBefore(today, 2),
      notes: 'Transfer to ES91 2100 0418 4502 0005 1332.',
    },
    headers: key('payment-carlos'),
  });

  // Sale orders for clients, one in each status; the delivered one became sales.
  const orders: {
    client: string;
    status: OrderStatus;
    fulfil?: boolean;
    notes: string | null;
    lines: OrderLineInput[];
  }[] = [
    {
      client: 'Lucía Fernández',
      status: 'pending',
      notes: 'Picks them up in store on Saturday.',
      lines: [line(KAYANO, 'EU 39.5', 1, 17500, 13000, links)],
    },
    {
      client: 'Jonas Weber',
      status: 'paid',
      notes: null,
      lines: [line(NB990, 'EU 44', 1, 23500, 19500, links), line(XT6, 'EU 44', 1, 19900, 15500, links)],
    },
    {
      client: 'Sofía Martín',
      status: 'delivered',
      fulfil: true,
      notes: 'Gift wrap, no invoice in the box.',
      lines: [line(KAYANO, 'EU 40.5', 2, 17000, 13000, links)],
    },
    {
      client: 'Marco Rossi',
      status: 'cancelled',
      notes: 'Found a pair elsewhere.',
      lines: [line(CHICAGO, 'EU 44', 1, 64000, 52000, links)],
    },
  ];
  await Promise.all(
    orders.map(async (sample, i) => {
      const { order } = await invoke(createOrder, DEMO_OWNER, {
        body: {
          clientId: clientOf(sample.client),
          lines: sample.lines,
          currency: 'EUR',
          notes: sample.notes,
        },
        headers: key(`order-${i}`),
      });
      for (const status of STATUS_PATH[sample.status])
        await invoke(updateOrder, DEMO_OWNER, { params: { orderId: order.id }, body: { status } });
      if (sample.fulfil) await invoke(fulfilOrder, DEMO_OWNER, { params: { orderId: order.id } });
    }),
  );

  // The store buys what it accepted on its WTB list (offers.ts): one action makes the order.
  const received = await invoke(listOffers, DEMO_OWNER, { query: { box: 'received', limit: 100 } });
  // Only a settled deal becomes an order (docs/product/offers.md#offer-total).
  const accepted = received.offers.find(
    (o) => o.status === 'accepted' && isDealSettled(received.offers.filter((x) => x.groupId === o.groupId)),
  );
  if (!accepted) throw new Error('The demo seed has no accepted offer (offers.ts)');
  await invoke(createOrderFromOffer, DEMO_OWNER, { body: { offerId: accepted.id } });

  // Shipments: delivered, on its way, label made, and one not matched to anything yet.
  const nb9060 = inventorySales.get(10);
  const latest = sales.find((s) => s.source === 'virtual' && s.saleDate === daysBefore(today, 1));
  if (!nb9060 || !latest) throw new Error('The demo seed lost track of its sales');
  const shipments: ShipmentCreate[] = [
    {
      courier: 'gls',
      trackingNumber: '61234567890',
      shippedDate: daysBefore(today, 16),
      deliveredDate: daysBefore(today, 14),
      link: { kind: 'sale', id: nb9060.id },
    },
    {
      courier: 'seur',
      trackingNumber: '06291430052875',
      shippedDate: daysBefore(today, 2),
      notes: 'Signature on delivery.',
      link: { kind: 'sale', id: consignmentSale.id },
    },
    {
      courier: 'correos',
      trackingNumber: 'PQ4F6P0701234560128030L',
      notes: 'Label printed, drop off at the post office tomorrow.',
      link: { kind: 'sale', id: latest.id },
    },
    {
      courier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      shippedDate: daysBefore(today, 5),
      notes: 'Inbound pairs from Sole Supply Co., to match with the order.',
      link: null,
    },
  ];
  await Promise.all(
    shipments.map((body, i) => invoke(createShipment, DEMO_OWNER, { body, headers: key(`shipment-${i}`) })),
  );
  return true;
}
