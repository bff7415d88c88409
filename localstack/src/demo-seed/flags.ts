import type { UserActor } from '@sneakers/shared/actor';
import { createFlag, listFlags, type CreateFlagInput } from '@sneakers/shared/contracts/flags';
import { invoke } from './invoke';

/**
 * The sample flags of the demo data (docs/product/demo-mode.md#demo-data), gating nothing,
 * so the feature flags screen has something to show: one on for every store, one prepared
 * for stores and resellers but not rolled out yet. Written through the flags routes as the local superuser (flag changes are
 * superuser-only), each once: a flag already there (or edited since) is left alone.
 */
const SAMPLE_FLAGS: CreateFlagInput[] = [
  {
    name: 'api-playground',
    description: 'The API playground section for stores.',
    isEnabled: true,
    targetUserTypes: ['store'],
    rolloutPercentage: 100,
    gates: [],
  },
  {
    name: 'stockx_api_integration',
    description: 'StockX price and catalogue integration.',
    isEnabled: true,
    targetUserTypes: ['store', 'reseller'],
    rolloutPercentage: 0,
    gates: [],
  },
];

export async function seedDemoFlags(superuser: UserActor): Promise<boolean> {
  const existing = new Set((await invoke(listFlags, superuser)).flags.map((f) => f.name));
  let wrote = false;
  for (const flag of SAMPLE_FLAGS) {
    if (existing.has(flag.name)) continue;
    await invoke(createFlag, superuser, { body: flag });
    wrote = true;
  }
  return wrote;
}
