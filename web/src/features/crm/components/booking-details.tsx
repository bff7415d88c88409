import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy, ExternalLink, Mail, Pencil, ShoppingBag, Trash2 } from 'lucide-react';
import { BOOKING_STATUSES, formatMoney, type Booking, type BookingStatus } from '@sneakers/shared';
import { remainingAmount } from '@sneakers/shared/rules/booking-money';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/form';
import {
  useDeleteBooking,
  useSendBookingInformation,
  useUpdateBooking,
  useWtbItemOfBooking,
} from '../api/queries';
import { formatDate, PLACEHOLDER_IMAGE, shareLink } from '../model/bookings';
import { BookingForm } from './booking-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatusBadge } from './status-badge';
import { WtbDialog } from './wtb-dialog';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';

export interface BookingDetailsDialogProps {
  booking: Booking | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

/** Every field of a booking, its status, edit, delete, Create WTB, email and share link. */
export function BookingDetailsDialog({ booking, open, onOpenChange, onDeleted }: BookingDetailsDialogProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(false);
        onOpenChange(next);
      }}
      title={t(editing ? 'bookings.editTitle' : 'bookings.detailsTitle')}
      closeLabel={t('common.close')}
      className="max-w-2xl"
      testId="booking-details"
    >
      {!booking ? (
        <p className="text-sm text-neutral-500">{t('common.loading')}</p>
      ) : editing ? (
        <BookingForm
          currency={booking.currency}
          booking={booking}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <BookingDetailsBody booking={booking} onEdit={() => setEditing(true)} onDeleted={onDeleted} />
      )}
    </Dialog>
  );
}

function BookingDetailsBody({
  booking,
  onEdit,
  onDeleted,
}: {
  booking: Booking;
  onEdit: () => void;
  onDeleted?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const update = useUpdateBooking(booking.id);
  const remove = useDeleteBooking();
  const navigate = useNavigate();
  const wtbItemId = useWtbItemOfBooking(booking.id).data;
  const email = useSendBookingInformation();
  const [confirming, setConfirming] = useState(false);
  const [publishingWtb, setPublishingWtb] = useState(false);
  const money = (amount: number) => formatMoney({ amount, currency: booking.currency }, i18n.language);

  const setStatus = (status: BookingStatus) =>
    update.mutate(
      { status },
      {
        onSuccess: () => toast.success(t('bookings.toast.updated')),
        onError: (error) =>
          isDemoRefusal(error) ||
          toast.error(t('bookings.toast.errorTitle'), { description: t('bookings.toast.updateError') }),
      },
    );

  const openWtbItem = (itemId: string) => void navigate(`/dashboard/wtb-item/${encodeURIComponent(itemId)}`);

  const sendEmail = () =>
    email.mutate(booking.id, {
      onSuccess: () => toast.success(t('bookings.toast.emailQueued')),
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('bookings.toast.errorTitle'), { description: t('bookings.toast.emailError') }),
    });

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(shareLink(booking));
      toast.success(t('bookings.toast.linkCopied'));
    } catch {
      toast.error(t('bookings.toast.linkCopyFailed'));
    }
  };

  const confirmDelete = () =>
    remove.mutate(booking.id, {
      onSuccess: () => {
        toast.success(t('bookings.toast.deleted'));
        setConfirming(false);
        onDeleted?.();
      },
      onError: (error) =>
        isDemoRefusal(error) ||
        toast.error(t('bookings.toast.errorTitle'), { description: t('bookings.toast.deleteError') }),
    });

  const row = (label: string, value: string, testId?: string) => (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-words">
        {value || '—'}
      </dd>
    </>
  );

  return (
    <div className="flex flex-col gap-4" data-testid="booking-details-body">
      <div className="flex flex-col gap-3 sm:flex-row">
        <img
          src={booking.itemImageUrl ?? PLACEHOLDER_IMAGE}
          alt={booking.itemName}
          onError={(e) => {
            e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
          className="h-32 w-32 shrink-0 rounded-lg bg-neutral-100 object-cover"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap gap-1">
            <Badge>{booking.itemSku}</Badge>
            <StatusBadge status={booking.status} />
          </div>
          <h3 className="text-lg font-semibold" data-testid="booking-details-name">
            {booking.itemName}
          </h3>
          {booking.itemBrand && <p className="text-sm">{booking.itemBrand}</p>}
          {booking.itemColorway && <p className="text-sm text-neutral-500">{booking.itemColorway}</p>}
        </div>
      </div>
      <dl className="grid grid-cols-[minmax(0,8rem)_1fr] gap-x-4 gap-y-1.5 text-sm">
        {row(t('bookings.form.size'), booking.size)}
        {row(t('bookings.form.client'), booking.client.name)}
        {row(t('clients.form.email'), booking.client.email)}
        {row(t('clients.form.phone'), booking.client.phone)}
        {booking.client.instagramHandle &&
          row(t('clients.form.instagram'), `@${booking.client.instagramHandle}`)}
        {row(t('bookings.salePrice'), money(booking.salePrice), 'booking-details-sale')}
        {row(t('bookings.prepaid'), money(booking.prepaidAmount), 'booking-details-prepaid')}
        {row(t('bookings.remaining'), money(remainingAmount(booking)), 'booking-details-remaining')}
        {row(t('bookings.form.notes'), booking.notes ?? '')}
        {row(t('bookings.createdAt'), formatDate(booking.createdAt, i18n.language))}
      </dl>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          {t('bookings.statusLabel')}
        </label>
        <Select
          id={`${id}-status`}
          data-testid="booking-status-select"
          value={booking.status}
          disabled={update.isPending}
          onChange={(e) => setStatus(e.target.value as BookingStatus)}
        >
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`bookings.status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" data-testid="booking-edit" onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t('bookings.edit')}
        </Button>
        {wtbItemId ? (
          <Button
            variant="outline"
            size="sm"
            data-testid="booking-open-wtb"
            onClick={() => openWtbItem(wtbItemId)}
          >
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            {t('bookings.openWtb')}
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            data-testid="booking-create-wtb"
            disabled={publishingWtb}
            onClick={() => setPublishingWtb(true)}
          >
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            {t('bookings.createWtb')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          data-testid="booking-send-email"
          disabled={email.isPending}
          onClick={sendEmail}
        >
          <Mail aria-hidden="true" className="h-4 w-4" />
          {t('bookings.sendEmail')}
        </Button>
        <Button variant="outline" size="sm" data-testid="booking-copy-link" onClick={() => void copyLink()}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          {t('bookings.copyLink')}
        </Button>
        <Button asChild variant="ghost" size="sm">
          <a data-testid="booking-share-link" href={shareLink(booking)} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {t('bookings.openSharePage')}
          </a>
        </Button>
        <Button
          variant="destructive"
          size="sm"
          data-testid="booking-delete"
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('bookings.delete')}
        </Button>
      </div>
      <WtbDialog
        booking={booking}
        open={publishingWtb}
        onOpenChange={setPublishingWtb}
        onDone={(itemId, created) => {
          setPublishingWtb(false);
          // The booking already had one: take the store to it rather than leave them guessing.
          if (!created) openWtbItem(itemId);
        }}
      />
      <ConfirmDialog
        testId="crm-confirm-dialog"
        confirmTestId="crm-confirm"
        open={confirming}
        onOpenChange={setConfirming}
        title={t('bookings.deleteTitle')}
        description={t('bookings.deleteBody', { name: booking.itemName, client: booking.client.name })}
        confirmLabel={t('bookings.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
