import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

const ListsScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./routes/lists-section').then((m) => m.ListsSection),
);

/** Inventory, WTB, WTC and Shareable Lists (the WTS list) with their item pages. */
export const listsModule: FeatureModule = {
  name: 'lists',
  sections: { inventory: ListsScreen, wtb: ListsScreen, wtc: ListsScreen, lists: ListsScreen },
  details: ['inventoryItem', 'wtbItem', 'wtcItem', 'wtsItem'],
};
