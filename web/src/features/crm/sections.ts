import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { withStrings } from '../../i18n';
import { lazyWithPreload } from '../../lib/lazy';
import { crmStrings } from './i18n/strings';

const CrmScreen = lazyWithPreload<SectionScreenProps>(() =>
  withStrings(import('./routes/crm-section'), crmStrings).then((m) => m.CrmSection),
);

/** Clients and bookings, the client page and the booking details (one chunk). */
export const crmModule: FeatureModule = {
  name: 'crm',
  sections: { clients: CrmScreen, bookings: CrmScreen },
  details: ['client', 'booking'],
};
