import type { FeatureModule, SectionScreenProps } from '../../lib/feature-module';
import { lazyWithPreload } from '../../lib/lazy';

const CrmScreen = lazyWithPreload<SectionScreenProps>(() =>
  import('./routes/crm-section').then((m) => m.CrmSection),
);

/** Clients and bookings, the client page and the booking details (one chunk). */
export const crmModule: FeatureModule = {
  name: 'crm',
  sections: { clients: CrmScreen, bookings: CrmScreen },
  details: ['client', 'booking'],
};
