import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Link2, X } from 'lucide-react';
import { ApiError, COURIERS, type Shipment, type ShipmentLink } from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { useCreateShipment, useUpdateShipment } from '../api/queries';
import {
  emptyShipmentDraft,
  isCourier,
  shipmentDraftOf,
  shipmentFieldErrors,
  validateShipmentCreate,
  validateShipmentUpdate,
  type ShipmentDraft,
  type ShipmentDraftErrors,
  type ShipmentField,
} from '../model/shipment-form';
import { ItemSelectDialog } from './item-select-dialog';
import { courierLabel } from '../model/courier';

const textareaClass =
  'w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900';

export interface ShipmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edits this shipment; creates one when absent. */
  shipment?: Shipment | null;
  /** A create prelinked to this record (the link cannot be changed then). */
  fixedLink?: ShipmentLink;
  onSaved?: (shipment: Shipment) => void;
}

/** The create / edit shipment modal. */
export function ShipmentFormDialog({
  open,
  onOpenChange,
  shipment,
  fixedLink,
  onSaved,
}: ShipmentFormDialogProps) {
  const { t } = useTranslation();
  const editing = Boolean(shipment);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t('shipments.form.editTitle') : t('shipments.form.createTitle')}
      description={t('shipments.form.requiredNote')}
      closeLabel={t('common.close')}
      testId="shipment-form-dialog"
      className="max-w-xl"
    >
      {/* Mounted only while open: each opening starts fresh with a new idempotency key. */}
      {open && (
        <ShipmentForm
          key={shipment?.id ?? 'new'}
          shipment={shipment ?? null}
          fixedLink={fixedLink}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onSaved?.(saved);
            onOpenChange(false);
          }}
        />
      )}
    </Dialog>
  );
}

function ShipmentForm({
  shipment,
  fixedLink,
  onSaved,
  onCancel,
}: {
  shipment: Shipment | null;
  fixedLink?: ShipmentLink;
  onSaved: (shipment: Shipment) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // One key per opening of the form: a retried submit creates one shipment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<ShipmentDraft>(() =>
    shipment ? shipmentDraftOf(shipment) : emptyShipmentDraft(),
  );
  const [errors, setErrors] = useState<ShipmentDraftErrors>({});
  const [link, setLink] = useState<{ link: ShipmentLink; label: string } | null>(null);
  const [selecting, setSelecting] = useState(false);
  const create = useCreateShipment();
  const update = useUpdateShipment();
  const pending = create.isPending || update.isPending;

  const change = (field: ShipmentField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const failed = (error: Error, toastKey: string) => {
    if (isDemoRefusal(error)) return;
    const fields = error instanceof ApiError ? shipmentFieldErrors(error.fields) : {};
    if (error instanceof ApiError && error.code === 'INVALID_TRACKING_NUMBER' && !fields.trackingNumber)
      fields.trackingNumber = error.message;
    if (Object.keys(fields).length > 0) setErrors(fields);
    toast.error(t(toastKey), {
      description:
        error instanceof ApiError && error.code === 'LINK_TARGET_NOT_FOUND'
          ? t('shipments.errors.linkNotFound')
          : error instanceof ApiError
            ? error.message
            : undefined,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (shipment) {
      const result = validateShipmentUpdate(draft);
      if (!result.payload) return setErrors(result.errors);
      setErrors({});
      update.mutate(
        { id: shipment.id, body: result.payload },
        {
          onSuccess: (saved) => {
            toast.success(t('shipments.toast.updated'));
            onSaved(saved);
          },
          onError: (error) => failed(error, 'shipments.toast.updateError'),
        },
      );
      return;
    }
    const result = validateShipmentCreate(draft, fixedLink ?? link?.link ?? null);
    if (!result.payload) return setErrors(result.errors);
    setErrors({});
    create.mutate(
      { body: result.payload, idempotencyKey },
      {
        onSuccess: (saved) => {
          toast.success(t('shipments.toast.created'));
          onSaved(saved);
        },
        onError: (error) => failed(error, 'shipments.toast.createError'),
      },
    );
  };

  const fieldId = (key: ShipmentField) => `${id}-${key}`;
  const errorOf = (key: ShipmentField) => {
    const error = errors[key];
    return error ? (i18n.exists(error) ? t(error) : error) : undefined;
  };
  const described = (key: ShipmentField) => ({
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${fieldId(key)}-error` : undefined,
  });
  const optional = <span className="font-normal text-neutral-500"> {t('shipments.form.optional')}</span>;

  return (
    <form onSubmit={submit} noValidate data-testid="shipment-form" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={fieldId('courier')}
          label={
            <>
              {t('shipments.form.courier')}
              <span aria-hidden="true"> *</span>
            </>
          }
          error={errorOf('courier')}
        >
          <Select
            id={fieldId('courier')}
            name="courier"
            data-testid="shipment-form-courier"
            value={draft.courier}
            onChange={(e) => isCourier(e.target.value) && change('courier', e.target.value)}
            {...described('courier')}
          >
            {COURIERS.map((c) => (
              <option key={c} value={c}>
                {courierLabel(c, t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('trackingNumber')}
          label={
            <>
              {t('shipments.form.trackingNumber')}
              <span aria-hidden="true"> *</span>
            </>
          }
          error={errorOf('trackingNumber')}
        >
          <Input
            id={fieldId('trackingNumber')}
            name="trackingNumber"
            data-testid="shipment-form-trackingNumber"
            value={draft.trackingNumber}
            onChange={(e) => change('trackingNumber', e.target.value)}
            required
            aria-required
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
            {...described('trackingNumber')}
          />
        </Field>
        <Field
          id={fieldId('shippedDate')}
          label={
            <>
              {t('shipments.form.shippedDate')}
              {optional}
            </>
          }
          error={errorOf('shippedDate')}
        >
          <Input
            id={fieldId('shippedDate')}
            name="shippedDate"
            type="date"
            data-testid="shipment-form-shippedDate"
            value={draft.shippedDate}
            onChange={(e) => change('shippedDate', e.target.value)}
            {...described('shippedDate')}
          />
        </Field>
        <Field
          id={fieldId('deliveredDate')}
          label={
            <>
              {t('shipments.form.deliveredDate')}
              {optional}
            </>
          }
          error={errorOf('deliveredDate')}
        >
          <Input
            id={fieldId('deliveredDate')}
            name="deliveredDate"
            type="date"
            data-testid="shipment-form-deliveredDate"
            min={draft.shippedDate || undefined}
            value={draft.deliveredDate}
            onChange={(e) => change('deliveredDate', e.target.value)}
            {...described('deliveredDate')}
          />
        </Field>
        <Field
          id={fieldId('notes')}
          label={
            <>
              {t('shipments.form.notes')}
              {optional}
            </>
          }
          error={errorOf('notes')}
          className="sm:col-span-2"
        >
          <textarea
            id={fieldId('notes')}
            name="notes"
            data-testid="shipment-form-notes"
            rows={3}
            maxLength={2000}
            value={draft.notes}
            onChange={(e) => change('notes', e.target.value)}
            className={textareaClass}
            {...described('notes')}
          />
        </Field>
      </div>
      {!shipment && !fixedLink && (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="shipment-form-link">
          <span className="font-medium">{t('shipments.form.link')}:</span>
          {link ? (
            <>
              <span data-testid="shipment-form-link-label" className="break-words">
                {t(`shipments.linkKinds.${link.link.kind}`)}: {link.label}
              </span>
              <Button
                size="sm"
                variant="ghost"
                data-testid="shipment-form-link-clear"
                aria-label={t('shipments.form.unlink')}
                onClick={() => setLink(null)}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </>
          ) : (
            <span className="text-neutral-500">{t('shipments.form.noLink')}</span>
          )}
          <Button
            size="sm"
            variant="outline"
            data-testid="shipment-form-link-pick"
            onClick={() => setSelecting(true)}
          >
            <Link2 aria-hidden="true" className="h-4 w-4" />
            {link ? t('shipments.form.changeLink') : t('shipments.form.pickLink')}
          </Button>
          <ItemSelectDialog
            open={selecting}
            onOpenChange={setSelecting}
            onSelect={(picked, label) => {
              setLink({ link: picked, label });
              setSelecting(false);
            }}
          />
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" data-testid="shipment-form-submit" disabled={pending}>
          {pending ? t('shipments.form.saving') : t('shipments.form.save')}
        </Button>
      </div>
    </form>
  );
}
