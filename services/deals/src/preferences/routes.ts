import {
  getDealSettings as getDealSettingsContract,
  hideDeal as hideDealContract,
  listHiddenDeals as listHiddenDealsContract,
  unhideDeal as unhideDealContract,
  updateDealSettings as updateDealSettingsContract,
} from '@sneakers/shared/contracts/deals';
import { route, type Route } from '@sneakers/shared/runtime/function';
import { preferencesDeps } from './deps';
import { getDealSettings, hideDeal, listHiddenDeals, unhideDeal, updateDealSettings } from './domain';

/** The deals settings and hides (docs/product/deals.md#settings, #hiding-deals). */
export const preferencesRoutes: Route[] = [
  route(getDealSettingsContract, async ({ actor }) => ({
    settings: await getDealSettings(preferencesDeps(), actor),
  })),
  route(updateDealSettingsContract, async ({ actor, body }) => ({
    settings: await updateDealSettings(preferencesDeps(), actor, body),
  })),
  route(listHiddenDealsContract, async ({ actor }) => ({
    hidden: await listHiddenDeals(preferencesDeps(), actor),
  })),
  route(hideDealContract, async ({ actor, body, setStatus }) => {
    const { hide, created } = await hideDeal(preferencesDeps(), actor, body);
    // 201 when this call hid it, 200 when it was hidden already (a retry, another tab).
    if (!created) setStatus(200);
    return { hidden: hide };
  }),
  route(unhideDealContract, async ({ actor, params }) => ({
    removed: await unhideDeal(preferencesDeps(), actor, params.hideId),
  })),
];
