import { createDealsThing, listDealsThings } from '@sneakers/shared/contracts/deals';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

const SAMPLE_THINGS = ['First sample thing', 'Second sample thing'];

/**
 * Try Demo's deals sample: the demo store's things, written through the domain's own
 * routes (see README.md in this folder). Skipped when the demo store has any.
 */
export async function seedDemoDeals(): Promise<boolean> {
  const { things } = await invoke(listDealsThings, DEMO_OWNER, { query: { limit: 1 } });
  if (things.length > 0) return false;
  for (const [i, name] of SAMPLE_THINGS.entries())
    await invoke(createDealsThing, DEMO_OWNER, { body: { name }, headers: seedKey(`deals-thing-${i}`) });
  return true;
}
