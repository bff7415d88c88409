import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { messagingStrings } from './strings';

/** The messaging screen, in its own chunk with its strings: importing this module loads neither. */
export const MessagingScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./components/messaging-section'), messagingStrings).then((m) => m.MessagingSection),
);

/** Composed by the dashboard (features/dashboard/routes/section-screens.ts). */
export const messagingModule: FeatureModule = {
  name: 'messaging',
  // The dashboard sections (lib/sections.ts) this feature renders, e.g. { orders: MessagingScreen }.
  sections: { messages: MessagingScreen },
};
