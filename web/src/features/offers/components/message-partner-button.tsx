import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageCircle } from 'lucide-react';
import { ApiError, type Offer } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useStartConversation } from '../api/queries';

/**
 * The conversation with the other party of a signed-in offer (the store for its sender, the
 * sender for the store), about the offered item. Anonymous offers have no account to write to.
 */
export function MessagePartnerButton({ offer, userId }: { offer: Offer; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useStartConversation();
  const partnerUserId = offer.storeUserId === userId ? offer.resellerUserId : offer.storeUserId;
  const partnerName = offer.storeUserId === userId ? offer.senderBusinessName : offer.receiverBusinessName;
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="offer-message-partner"
      disabled={start.isPending}
      onClick={() =>
        start.mutate(
          {
            partnerUserId,
            relatedItem: { ownerUserId: offer.storeUserId, listType: offer.listType, itemId: offer.itemId },
          },
          {
            onSuccess: (conversation) =>
              void navigate(`/dashboard/messages?conversation=${encodeURIComponent(conversation.id)}`),
            onError: (error) =>
              isDemoRefusal(error) ||
              toast.error(t('offers.messagePartner.failed'), {
                description: error instanceof ApiError ? error.message : t('errors.unexpected'),
              }),
          },
        )
      }
    >
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      {t('offers.messagePartner.label', { name: partnerName })}
    </Button>
  );
}
