import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink, Link2, Pencil, Trash2 } from 'lucide-react';
import type { Shipment, ShipmentStatus } from '@sneakers/shared';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { linkHref } from '../model/shipment-form';
import { courierLabel } from '../model/courier';

const STATUS_TONES: Record<ShipmentStatus, NonNullable<BadgeProps['tone']>> = {
  created: 'neutral',
  shipped: 'blue',
  delivered: 'purple',
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]} data-testid="shipment-status" data-status={status}>
      {t(`shipments.status.${status}`)}
    </Badge>
  );
}

/** A calendar date (YYYY-MM-DD) in the reader's language, without a time zone shift. */
export function formatIsoDate(date: string, language: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString(language, { dateStyle: 'medium', timeZone: 'UTC' });
}

export interface ShipmentRowProps {
  shipment: Shipment;
  onEdit: (shipment: Shipment) => void;
  onDelete: (shipment: Shipment) => void;
  /** Offered for unassociated shipments. */
  onAssociate?: (shipment: Shipment) => void;
  /** Hides the linked record (a panel already shows one record's shipments). */
  hideLink?: boolean;
}

/** One shipment: courier and tracking (with the courier's tracking page), status, dates, link, actions. */
export function ShipmentRow({ shipment: s, onEdit, onDelete, onAssociate, hideLink }: ShipmentRowProps) {
  const { t, i18n } = useTranslation();
  const courier = courierLabel(s.courier, t);
  return (
    <>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="shipment-courier" className="font-medium">
            {courier}
          </span>
          {s.trackingUrl ? (
            <a
              href={s.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="shipment-tracking-link"
              aria-label={t('shipments.row.trackAt', { number: s.trackingNumber, courier })}
              className="inline-flex items-center gap-1 font-mono text-sm break-all text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
            >
              <span data-testid="shipment-tracking-number">{s.trackingNumber}</span>
              <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
            </a>
          ) : (
            <span data-testid="shipment-tracking-number" className="font-mono text-sm break-all">
              {s.trackingNumber}
            </span>
          )}
          <ShipmentStatusBadge status={s.status} />
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-neutral-600 dark:text-neutral-400">
          {s.shippedDate && (
            <div className="flex gap-1">
              <dt>{t('shipments.row.shipped')}:</dt>
              <dd data-testid="shipment-shipped-date">{formatIsoDate(s.shippedDate, i18n.language)}</dd>
            </div>
          )}
          {s.deliveredDate && (
            <div className="flex gap-1">
              <dt>{t('shipments.row.delivered')}:</dt>
              <dd data-testid="shipment-delivered-date">{formatIsoDate(s.deliveredDate, i18n.language)}</dd>
            </div>
          )}
          {!hideLink && (
            <div className="flex min-w-0 gap-1">
              <dt>{t('shipments.row.linkedTo')}:</dt>
              <dd data-testid="shipment-link" className="min-w-0 break-words">
                {s.link ? (
                  <Link to={linkHref(s.link)} className="underline-offset-2 hover:underline">
                    {t(`shipments.linkKinds.${s.link.kind}`)}
                    {s.linkLabel ? `: ${s.linkLabel}` : ''}
                  </Link>
                ) : (
                  t('shipments.row.unassociated')
                )}
              </dd>
            </div>
          )}
        </dl>
        {s.notes && <p className="text-xs break-words whitespace-pre-line text-neutral-500">{s.notes}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {onAssociate && !s.link && (
          <Button
            size="sm"
            variant="outline"
            data-testid="shipment-associate"
            aria-label={t('shipments.row.associateNamed', { number: s.trackingNumber })}
            onClick={() => onAssociate(s)}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {t('shipments.row.associate')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          data-testid="shipment-edit"
          aria-label={t('shipments.row.editNamed', { number: s.trackingNumber })}
          onClick={() => onEdit(s)}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t('shipments.row.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          data-testid="shipment-delete"
          aria-label={t('shipments.row.deleteNamed', { number: s.trackingNumber })}
          onClick={() => onDelete(s)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('shipments.row.delete')}
        </Button>
      </div>
    </>
  );
}

export const SHIPMENT_ROW_CLASS =
  'flex min-w-0 flex-col gap-3 rounded-xl border border-neutral-200 bg-white p-3 sm:flex-row sm:items-center dark:border-neutral-800 dark:bg-neutral-900';
