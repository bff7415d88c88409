import { createBooking, createClient, listClients, updateBooking } from '@sneakers/shared/contracts/crm';
import type { BookingCreate, BookingStatus, ClientCreate } from '@sneakers/shared/contracts/crm';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { catalogImageUrl, variantForSize, variantSizeLabel, type DemoCatalogLinks } from './catalog';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

/** The demo store's clients, each with the bookings (pre-orders with deposits) it placed. */
type SampleBooking = Omit<BookingCreate, 'clientId'> & { status?: BookingStatus };

const CLIENTS: { client: ClientCreate; bookings: SampleBooking[] }[] = [
  {
    client: {
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@example.com',
      phone: '+34 611223344',
      instagramHandle: '@luciakicks',
    },
    bookings: [
      {
        itemSku: 'DZ5485-612',
        itemName: 'Air Jordan 1 Retro High OG Chicago Lost & Found',
        itemBrand: 'Jordan',
        size: 'EU 38.5',
        salePrice: 24000,
        prepaidAmount: 5000,
        notes: 'Wants it before her birthday (12 Dec).',
      },
      {
        itemSku: 'IE0421',
        itemName: 'Adidas Samba OG Cloud White',
        itemBrand: 'Adidas',
        size: 'EU 39',
        salePrice: 11000,
        prepaidAmount: 11000,
        status: 'completed',
      },
    ],
  },
  {
    client: { name: 'Marco Rossi', email: 'marco.rossi@example.com', phone: '+39 3471234567' },
    bookings: [
      {
        itemSku: 'FD0774-101',
        itemName: 'Air Jordan 4 Retro Military Blue',
        itemBrand: 'Jordan',
        size: 'EU 44',
        salePrice: 26000,
        prepaidAmount: 8000,
        status: 'found',
      },
    ],
  },
  {
    client: {
      name: 'Sofía Martín',
      email: 'sofia.martin@example.com',
      phone: '+34 622334455',
      instagramHandle: '@sofi.sneaks',
    },
    bookings: [
      {
        itemSku: 'U9060GRY',
        itemName: 'New Balance 9060 Rain Cloud',
        itemBrand: 'New Balance',
        size: 'EU 41.5',
        salePrice: 16500,
        prepaidAmount: 0,
        notes: 'Call when it arrives; pays in store.',
      },
    ],
  },
  {
    client: { name: 'Jonas Weber', email: 'jonas.weber@example.com', phone: '+49 15123456789' },
    bookings: [],
  },
];

/** The booking as picked from the catalogue: product names and image, the variant and its size. */
function linkToCatalog(booking: SampleBooking, links: DemoCatalogLinks | undefined): SampleBooking {
  const link = links?.get(styleCodeKey(booking.itemSku));
  if (!link) return { ...booking, itemImageUrl: catalogImageUrl(booking.itemSku) };
  const variant = variantForSize(link, booking.size);
  return {
    ...booking,
    itemSku: link.sku,
    itemName: link.name,
    itemBrand: link.brand,
    itemColorway: link.colorway,
    itemImageUrl: link.imageUrl,
    productVariantId: variant?.id ?? null,
    size: variant ? variantSizeLabel(variant) : booking.size,
  };
}

/** Seeds clients and bookings once: skipped when the demo store already has clients. */
export async function seedDemoCrm(links?: DemoCatalogLinks): Promise<boolean> {
  const existing = await invoke(listClients, DEMO_OWNER, { query: { limit: 1 } });
  if (existing.clients.length > 0) return false;
  for (const [i, entry] of CLIENTS.entries()) {
    const { client } = await invoke(createClient, DEMO_OWNER, { body: entry.client });
    for (const [j, sample] of entry.bookings.entries()) {
      const { status, ...booking } = linkToCatalog(sample, links);
      const created = await invoke(createBooking, DEMO_OWNER, {
        body: { ...booking, clientId: client.id },
        headers: seedKey(`booking-${i}-${j}`),
      });
      if (status)
        await invoke(updateBooking, DEMO_OWNER, {
          params: { bookingId: created.booking.id },
          body: { status },
        });
    }
  }
  return true;
}
