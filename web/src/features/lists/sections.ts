import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { listsStrings } from './i18n/strings';

const ListsScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./routes/lists-section'), listsStrings).then((m) => m.ListsSection),
);

/** Inventory, WTB, WTS, WTC and Shareable Lists with their item pages. */
export const listsModule: FeatureModule = {
  name: 'lists',
  sections: {
    inventory: ListsScreen,
    wtb: ListsScreen,
    wts: ListsScreen,
    wtc: ListsScreen,
    lists: ListsScreen,
  },
  details: ['inventoryItem', 'wtbItem', 'wtcItem', 'wtsItem'],
};
