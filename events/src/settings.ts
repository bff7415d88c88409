import * as z from 'zod/mini';
import { defineEvent } from './define-event';

export const settingsChanged = defineEvent({
  detailType: 'Settings.Changed',
  version: 1,
  domain: 'settings',
  data: z.object({
    setting: z.enum(['comingSoon', 'signup']),
    changedBy: z.string(),
  }),
});
