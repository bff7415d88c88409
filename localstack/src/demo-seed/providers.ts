import {
  createConsignment,
  createProvider,
  getProviderRegistrationLink,
  listProviders,
  markConsignmentReturned,
  markConsignmentSold,
  submitProviderRegistration,
  type ConsignmentCreate,
  type ProviderCreate,
} from '@sneakers/shared/contracts/providers';
import { ANONYMOUS } from '@sneakers/shared/actor';
import { DEMO } from '@sneakers/shared/demo';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { variantForSize, variantSizeLabel, type DemoCatalogLinks } from './catalog';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

type SampleConsignment = ConsignmentCreate & { outcome?: { sold: number } | 'returned' };

/** Providers the store added by hand (approved at once), with what they consigned. */
const PROVIDERS: { provider: ProviderCreate; consignments: SampleConsignment[] }[] = [
  {
    provider: {
      name: 'Carlos Gómez',
      email: 'carlos.gomez@example.com',
      phone: '+34 633445566',
      alias: 'CG Kicks',
      dni: '12345678Z',
      iban: 'ES91 2100 0418 4502 0005 1332',
    },
    consignments: [
      {
        itemSku: 'DD1391-100',
        itemName: 'Nike Dunk Low Retro Panda',
        size: 'EU 42',
        price: 11000,
        notes: 'Deadstock, original box.',
      },
      {
        itemSku: 'DV0833-105',
        itemName: 'Air Jordan 3 Retro White Cement Reimagined',
        size: 'EU 43',
        price: 21000,
        outcome: { sold: 22500 },
      },
      {
        itemSku: 'HP9426',
        itemName: 'Adidas Campus 00s Core Black',
        size: 'EU 40',
        price: 9500,
        outcome: 'returned',
      },
    ],
  },
  {
    provider: { name: 'Ana Ruiz', email: 'ana.ruiz@example.com', phone: '+34 644556677', alias: 'Ana R.' },
    consignments: [
      { itemSku: 'FD0774-101', itemName: 'Air Jordan 4 Retro Military Blue', size: 'EU 44.5', price: 23000 },
    ],
  },
];

/** The consignment as picked from the catalogue: its product, brand and image, the variant and its size. */
function linkToCatalog(
  consignment: ConsignmentCreate,
  links: DemoCatalogLinks | undefined,
): ConsignmentCreate {
  const link = links?.get(styleCodeKey(consignment.itemSku));
  if (!link) return consignment;
  const variant = variantForSize(link, consignment.size);
  return {
    ...consignment,
    productCatalogId: link.productCatalogId,
    itemSku: link.sku,
    itemName: link.name,
    itemBrand: link.brand,
    itemColorway: link.colorway,
    itemImageUrl: link.imageUrl,
    productVariantId: variant?.id ?? null,
    size: variant ? variantSizeLabel(variant) : consignment.size,
  };
}

/**
 * Seeds providers once (skipped when the store already has some): two added by hand with
 * consignments in every state, and one that registered itself through the store's link
 * and waits for approval (which also gives the store its "new provider" notification).
 */
export async function seedDemoProviders(links?: DemoCatalogLinks): Promise<boolean> {
  const existing = await invoke(listProviders, DEMO_OWNER, { query: { limit: 1 } });
  if (existing.providers.length > 0) return false;
  for (const [i, entry] of PROVIDERS.entries()) {
    const { provider } = await invoke(createProvider, DEMO_OWNER, { body: entry.provider });
    for (const [j, { outcome, ...consignment }] of entry.consignments.entries()) {
      const created = await invoke(createConsignment, DEMO_OWNER, {
        params: { providerId: provider.id },
        body: linkToCatalog(consignment, links),
        headers: seedKey(`consignment-${i}-${j}`),
      });
      const params = { providerId: provider.id, consignmentId: created.consignment.id };
      if (outcome === 'returned') await invoke(markConsignmentReturned, DEMO_OWNER, { params });
      else if (outcome)
        await invoke(markConsignmentSold, DEMO_OWNER, { params, body: { salePrice: outcome.sold } });
    }
  }
  const { token } = await invoke(getProviderRegistrationLink, DEMO_OWNER);
  await invoke(submitProviderRegistration, ANONYMOUS, {
    params: { storeUserId: DEMO.userId, token },
    body: { name: 'Diego Navarro', email: 'diego.navarro@example.com', phone: '+34 655667788' },
  });
  return true;
}
