import type { SectionId } from '../sections';

/**
 * Which dashboard section owns each signed-in API route, by contract id prefix. A flag that
 * gates a section gates these routes too, so the API refuses what the SPA hides. Lists
 * routes serve several sections (inventory, WTB, WTC, shareable lists) and are gated only
 * through a contract's own `feature`. The store API's keys and webhooks are Settings panels, not
 * a section's, so no section flag gates them (the `/v1` routes answer to the key's store).
 */
const SECTION_PREFIXES: ReadonlyArray<readonly [prefix: string, section: SectionId]> = [
  ['crm.clients.', 'clients'],
  ['crm.bookings.', 'bookings'],
  ['crm.providers.', 'providers'],
  ['crm.consignments.', 'providers'],
  ['offers.', 'offers'],
  ['notifications.', 'notifications'],
  ['billing.', 'billing'],
  ['storefront.', 'online-store'],
  ['deals.', 'deals'],
  ['pricing.', 'pricing-strategies'],
  ['migration.', 'migration-tools'],
  ['store-mode.', 'store-mode'],
];

export function sectionOfContract(contractId: string): SectionId | undefined {
  return SECTION_PREFIXES.find(([prefix]) => contractId.startsWith(prefix))?.[1];
}
