import { createPricingThing, listPricingThings } from '@sneakers/shared/contracts/pricing';
import { DEMO_OWNER, invoke, seedKey } from './invoke';

const SAMPLE_THINGS = ['First sample thing', 'Second sample thing'];

/**
 * Try Demo's pricing sample: the demo store's things, written through the domain's own
 * routes (see README.md in this folder). Skipped when the demo store has any.
 */
export async function seedDemoPricing(): Promise<boolean> {
  const { things } = await invoke(listPricingThings, DEMO_OWNER, { query: { limit: 1 } });
  if (things.length > 0) return false;
  for (const [i, name] of SAMPLE_THINGS.entries())
    await invoke(createPricingThing, DEMO_OWNER, { body: { name }, headers: seedKey(`pricing-thing-${i}`) });
  return true;
}
