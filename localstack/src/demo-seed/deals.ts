import { updateMyProfile } from '@sneakers/shared/contracts/profiles';
import { ulid } from '@sneakers/shared/ids';
import { styleCodeKey } from '@sneakers/shared/rules/style-code';
import { itemStore, newItem } from '../../../services/lists/src/published';
import { catalogImageUrl, type DemoCatalogLinks } from './catalog';
import { DEMO_DEALS_WTB, DEMO_PARTNER_ITEMS, type DemoDealItem } from './deals-data';
import { invoke, sampleUser } from './invoke';

/**
 * Try Demo's deals board (docs/product/deals.md#demo-board): the demo store's trading
 * partners (profiles made by offers.ts and messaging.ts, all `demo-` users, so their items
 * match only demo data) list pairs its WTB list wants (./deals-data.ts), and the store gets
 * one more WTB. The deals matcher finds the deals from the table's stream as for anyone;
 * nothing here writes a deal. Items get fixed ids (a re-seed writes nothing); Sole Supply
 * shows its WTC list and Hype Vault its inventory in deals (their profile switches).
 */
const SEED_EPOCH = Date.parse('2026-11-20T09:00:00Z');

const PARTNER_EMAILS = new Map<string, string>([
  ['demo-reseller-kicks-lab', 'hello@kickslab.example'],
  ['demo-reseller-sole-supply', 'trade@solesupply.example'],
  ['demo-reseller-hype-vault', 'orders@hypevault.example'],
]);

/** The seeded id of a deals sample item (a ULID from a fixed time and its index). */
export function demoDealItemId(index: number): string {
  return ulid(SEED_EPOCH + index * 3_600_000, new Uint8Array(10).fill(200 + index));
}

/** The catalogue's product, names and image; sizes and the code stay as the partner wrote them. */
function linked({ item }: DemoDealItem, links: DemoCatalogLinks | undefined) {
  const link = links?.get(styleCodeKey(item.sku));
  if (!link) return { ...item, imageUrl: catalogImageUrl(item.sku) };
  return { ...item, productCatalogId: link.productCatalogId, name: link.name, imageUrl: link.imageUrl };
}

export async function seedDemoDeals(links?: DemoCatalogLinks): Promise<boolean> {
  const store = itemStore();
  const all = [DEMO_DEALS_WTB, ...DEMO_PARTNER_ITEMS];
  const wrote = await Promise.all(
    all.map((entry, i) =>
      store.createIfAbsent(
        newItem(
          entry.ownerUserId,
          linked(entry, links),
          demoDealItemId(i),
          new Date(SEED_EPOCH + i * 3_600_000),
        ),
      ),
    ),
  );
  if (!wrote.some(Boolean)) return false;
  const partner = (userId: `demo-${string}`) =>
    sampleUser(userId, PARTNER_EMAILS.get(userId) ?? `${userId}@example.com`);
  await invoke(updateMyProfile, partner('demo-reseller-sole-supply'), { body: { publicWtcList: true } });
  await invoke(updateMyProfile, partner('demo-reseller-hype-vault'), { body: { publicInventory: true } });
  return true;
}
