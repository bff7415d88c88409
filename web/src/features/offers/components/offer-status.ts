import type { OfferStatus } from '@sneakers/shared';
import type { BadgeProps } from '../../../components/ui/badge';

export const STATUS_TONE: Record<OfferStatus, BadgeProps['tone']> = {
  pending: 'blue',
  countered: 'purple',
  accepted: 'orange',
  declined: 'neutral',
  withdrawn: 'neutral',
  expired: 'neutral',
};
