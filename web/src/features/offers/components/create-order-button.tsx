import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ClipboardList } from 'lucide-react';
import { ApiError, createOrderFromOffer } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../lib/api';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export type OfferRef = { offerId: string } | { anonymousOfferId: string };

/** The order made from an offer (remembered per session: the action is idempotent server-side anyway). */
const offerOrderKey = (ref: OfferRef) =>
  ['orders', 'from-offer', 'offerId' in ref ? ref.offerId : ref.anonymousOfferId] as const;

/**
 * "Create order" on an accepted offer the list owner received: one action turns the agreed
 * lines into a purchase order (a repeat answers with the same order) and opens it.
 */
export function CreateOrderButton({ offer }: { offer: OfferRef }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData<string>(offerOrderKey(offer));
  const create = useMutation({
    mutationFn: async () => (await api(createOrderFromOffer, { body: offer })).order,
    onSuccess: (order) => {
      queryClient.setQueryData(offerOrderKey(offer), order.id);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
      // The bought sizes left the public list.
      void queryClient.invalidateQueries({ queryKey: ['offers'] });
    },
  });
  const open = (orderId: string) => void navigate(`/dashboard/order/${encodeURIComponent(orderId)}`);
  const run = () => {
    if (known) return open(known);
    create.mutate(undefined, {
      onSuccess: (order) => {
        toast.success(t('offers.order.created'));
        open(order.id);
      },
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('offers.order.failedTitle'), {
          description:
            error instanceof ApiError &&
            ['OFFER_NOT_ACCEPTED', 'OFFER_NOT_FOUND', 'OFFER_STILL_OPEN'].includes(error.code)
              ? t(`offers.order.errors.${error.code}`)
              : t('offers.order.failed'),
        }),
    });
  };
  return (
    <Button
      size="sm"
      className="w-fit"
      data-testid={known ? 'offer-view-order' : 'offer-create-order'}
      disabled={create.isPending}
      onClick={run}
    >
      <ClipboardList aria-hidden="true" className="h-4 w-4" />
      {create.isPending ? t('offers.order.creating') : t(known ? 'offers.order.view' : 'offers.order.create')}
    </Button>
  );
}
