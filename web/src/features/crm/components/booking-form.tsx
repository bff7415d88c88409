import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { UserPlus } from 'lucide-react';
import { ApiError, formatMoney, type Booking, type Client, type Currency } from '@sneakers/shared';
import { showsPrepaid } from '@sneakers/shared/rules/booking-money';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/form';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useAllClients, useCreateBooking, useUpdateBooking } from '../api/queries';
import {
  amountsOf,
  draftFromBooking,
  draftToCreate,
  draftToUpdate,
  emptyBookingDraft,
  hasRequired,
  validateBookingDraft,
  type BookingDraft,
  type BookingDraftErrors,
} from '../model/bookings';
import { ClientFormDialog } from './client-form';
import { isDemoRefusal } from '../../../lib/demo/demo-refusal';
import { CatalogPicker, looksLikeSku, type CatalogPick } from '../../../components/catalog-picker';

export interface BookingFormProps {
  currency: Currency;
  /** Editing: the client of a booking never changes. */
  booking?: Booking;
  /** A pre-selected client (the client page's New Booking): locked, New Client disabled. */
  lockedClient?: Pick<Client, 'id' | 'name' | 'email'>;
  onSaved: (booking: Booking) => void;
  onCancel: () => void;
}

const SERVER_FIELDS = new Set<keyof BookingDraft>([
  'itemSku',
  'itemName',
  'itemBrand',
  'itemColorway',
  'itemImageUrl',
  'size',
  'salePrice',
  'prepaidAmount',
  'notes',
  'clientId',
]);

function isDraftField(key: string): key is keyof BookingDraft {
  return SERVER_FIELDS.has(key as keyof BookingDraft);
}

type TextField = Exclude<keyof BookingDraft, 'productVariantId'>;

/** Typing the product or the size by hand unlinks the catalogue variant: it named another one. */
const UNLINKS = new Set<keyof BookingDraft>(['itemSku', 'itemName', 'size']);

/** The booking form (docs/product/clients-and-bookings.md#booking-form). */
export function BookingForm({ currency, booking, lockedClient, onSaved, onCancel }: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // One key per opening of the form: a retried submit creates one booking.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const fixedClient = useMemo(
    () =>
      booking
        ? { id: booking.clientId, name: booking.client.name, email: booking.client.email }
        : lockedClient,
    [booking, lockedClient],
  );
  const [draft, setDraft] = useState<BookingDraft>(() =>
    booking ? draftFromBooking(booking) : emptyBookingDraft(lockedClient?.id ?? ''),
  );
  const [errors, setErrors] = useState<BookingDraftErrors>({});
  // The picked product (a booking stores its variant only, so an edit starts unpicked).
  const [catalogId, setCatalogId] = useState<string | null>(null);
  const [creatingClient, setCreatingClient] = useState(false);
  // Per save: the store may keep one change (or a booking) from the client's inbox.
  const [notifyClient, setNotifyClient] = useState(true);
  const [created, setCreated] = useState<Client[]>([]);
  const clients = useAllClients(!fixedClient);
  const create = useCreateBooking();
  const update = useUpdateBooking(booking?.id ?? '');
  const pending = create.isPending || update.isPending;
  const bookingCurrency = booking?.currency ?? currency;

  const options = useMemo(() => {
    if (fixedClient) return [fixedClient];
    const all = [...created, ...(clients.data ?? [])];
    const seen = new Set<string>();
    return all
      .filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [fixedClient, created, clients.data]);

  const clientEmail = options.find((c) => c.id === draft.clientId)?.email.trim() ?? '';

  const set = <K extends keyof BookingDraft>(key: K, value: BookingDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value, ...(UNLINKS.has(key) ? { productVariantId: null } : {}) }));

  const pick: CatalogPick | null = catalogId
    ? {
        productCatalogId: catalogId,
        productVariantId: draft.productVariantId,
        sku: draft.itemSku,
        name: draft.itemName,
        brand: draft.itemBrand,
        colorway: draft.itemColorway,
        imageUrl: draft.itemImageUrl.trim() || null,
        size: draft.size || null,
      }
    : null;
  // A picked variant is the size; a product without sizes in the catalogue takes a typed one.
  const sizeFromCatalog = Boolean(pick?.productVariantId);

  const onPick = (next: CatalogPick | null) => {
    setCatalogId(next?.productCatalogId ?? null);
    if (!next) {
      setDraft((d) => ({ ...d, productVariantId: null }));
      return;
    }
    setDraft((d) => ({
      ...d,
      itemSku: next.sku,
      itemName: next.name,
      itemBrand: next.brand,
      itemColorway: next.colorway,
      itemImageUrl: next.imageUrl ?? '',
      size: next.size ?? d.size,
      productVariantId: next.productVariantId,
    }));
    setErrors(({ itemSku: _sku, itemName: _name, itemImageUrl: _image, size: _size, ...rest }) => rest);
  };

  // "Enter details manually": what was typed goes to the SKU or the name, and focus follows.
  const enterManually = (query: string) => {
    const key = looksLikeSku(query) ? 'itemSku' : 'itemName';
    if (query && !draft[key].trim()) set(key, query);
    document.getElementById(`${id}-${query ? key : 'itemSku'}`)?.focus();
  };
  const money = (cents: number) => formatMoney({ amount: cents, currency: bookingCurrency }, i18n.language);
  const amounts = amountsOf(draft);

  const failed = (error: Error) => {
    if (isDemoRefusal(error)) return;
    if (error instanceof ApiError && error.code === 'PREPAID_ABOVE_PRICE') {
      setErrors({ prepaidAmount: t('bookings.form.errors.prepaidAbovePrice') });
    } else if (error instanceof ApiError && error.fields) {
      const server: BookingDraftErrors = {};
      for (const [key, messages] of Object.entries(error.fields))
        if (isDraftField(key) && messages[0]) server[key] = messages[0];
      setErrors(server);
    }
    toast.error(t('bookings.toast.errorTitle'), {
      description: t(booking ? 'bookings.toast.updateError' : 'bookings.toast.createError'),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasRequired(draft) || pending) return;
    const found = validateBookingDraft(draft);
    const translated: BookingDraftErrors = {};
    for (const [key, value] of Object.entries(found))
      if (isDraftField(key) && value) translated[key] = t(value);
    setErrors(translated);
    if (Object.keys(translated).length > 0) return;
    const done = (saved: Booking) => {
      toast.success(t(booking ? 'bookings.toast.updated' : 'bookings.toast.created'));
      onSaved(saved);
    };
    // Only a client with an email is offered the choice; without one nothing is sent anyway.
    const notify = clientEmail ? { notifyClient } : {};
    if (booking) update.mutate({ ...draftToUpdate(draft), ...notify }, { onSuccess: done, onError: failed });
    else
      create.mutate(
        { body: { ...draftToCreate(draft, bookingCurrency), ...notify }, idempotencyKey },
        { onSuccess: done, onError: failed },
      );
  };

  const text = (key: TextField, label: string, required = false) => (
    <Field id={`${id}-${key}`} label={required ? `${label} *` : label} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        data-testid={`booking-form-${key}`}
        value={draft[key]}
        required={required}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  const amount = (key: 'salePrice' | 'prepaidAmount', label: string, required: boolean) => (
    <Field
      id={`${id}-${key}`}
      label={`${label} (${bookingCurrency})${required ? ' *' : ''}`}
      error={errors[key]}
    >
      <Input
        id={`${id}-${key}`}
        data-testid={`booking-form-${key}`}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required={required}
        aria-invalid={Boolean(errors[key])}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="booking-form" className="flex flex-col gap-4">
        <Field id={`${id}-client`} label={`${t('bookings.form.client')} *`} error={errors.clientId}>
          <div className="flex gap-2">
            <Select
              id={`${id}-client`}
              data-testid="booking-form-client"
              value={draft.clientId}
              disabled={Boolean(fixedClient)}
              required
              onChange={(e) => set('clientId', e.target.value)}
              className="min-w-0 flex-1"
            >
              {!fixedClient && (
                <option value="">
                  {clients.isPending ? t('common.loading') : t('bookings.form.selectClient')}
                </option>
              )}
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            <Button
              variant="outline"
              data-testid="booking-form-new-client"
              disabled={Boolean(fixedClient)}
              onClick={() => setCreatingClient(true)}
            >
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              {t('bookings.form.newClient')}
            </Button>
          </div>
        </Field>
        {clients.isError && !fixedClient && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t('clients.toast.loadError')}
          </p>
        )}
        <fieldset className="flex flex-col gap-4" data-testid="booking-form-product">
          <legend className="mb-2 text-sm font-semibold">{t('bookings.form.product')} *</legend>
          <CatalogPicker
            value={pick}
            onChange={onPick}
            onManual={enterManually}
            preferredSizes={draft.size.trim() ? [draft.size] : []}
            error={pick ? (errors.size ?? errors.itemName) : undefined}
          />
          {!pick && (
            <div className="grid gap-4 sm:grid-cols-2">
              {text('itemSku', t('bookings.form.sku'), true)}
              {text('itemName', t('bookings.form.name'), true)}
              {text('itemBrand', t('bookings.form.brand'))}
              {text('itemColorway', t('bookings.form.colorway'))}
              <div className="sm:col-span-2">{text('itemImageUrl', t('bookings.form.imageUrl'))}</div>
            </div>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          {!sizeFromCatalog && text('size', t('bookings.form.size'), true)}
          {amount('salePrice', t('bookings.form.salePrice'), true)}
          {amount('prepaidAmount', t('bookings.form.prepaid'), false)}
        </div>
        <Field id={`${id}-notes`} label={t('bookings.form.notes')} error={errors.notes}>
          <textarea
            id={`${id}-notes`}
            data-testid="booking-form-notes"
            rows={3}
            maxLength={2000}
            value={draft.notes}
            onChange={(e) => set('notes', e.target.value)}
            className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
          />
        </Field>
        {amounts && (
          <dl
            data-testid="booking-form-summary"
            aria-live="polite"
            className="grid grid-cols-[1fr_auto] gap-1 rounded-lg bg-neutral-50 p-3 text-sm dark:bg-neutral-800/50"
          >
            <dt>{t('bookings.salePrice')}</dt>
            <dd className="text-right tabular-nums">{money(amounts.salePrice)}</dd>
            {showsPrepaid(amounts) && (
              <>
                <dt data-testid="booking-form-prepaid-line">{t('bookings.prepaid')}</dt>
                <dd className="text-right tabular-nums">{money(amounts.prepaidAmount)}</dd>
              </>
            )}
            <dt className="font-semibold">{t('bookings.remaining')}</dt>
            <dd data-testid="booking-form-remaining" className="text-right font-semibold tabular-nums">
              {money(amounts.remaining)}
            </dd>
            {!amounts.withinPrice && (
              <dd
                data-testid="booking-form-above-price"
                className="col-span-2 text-xs text-red-600 dark:text-red-400"
              >
                {t('bookings.form.errors.prepaidAbovePrice')}
              </dd>
            )}
          </dl>
        )}
        {clientEmail && (
          <div
            data-testid="booking-form-notify"
            className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-neutral-800"
          >
            <p id={`${id}-notify-text`} aria-live="polite" className="min-w-0 break-words">
              {notifyClient
                ? t(booking ? 'bookings.form.notify.onUpdate' : 'bookings.form.notify.onCreate', {
                    email: clientEmail,
                  })
                : t('bookings.form.notify.off')}
            </p>
            <label className="inline-flex shrink-0 items-center gap-2 font-medium">
              <input
                type="checkbox"
                role="switch"
                data-testid="booking-form-notify-switch"
                checked={notifyClient}
                aria-describedby={`${id}-notify-text`}
                onChange={(e) => setNotifyClient(e.target.checked)}
                className="h-4 w-4 accent-orange-600"
              />
              {t('bookings.form.notify.label')}
            </label>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="booking-form-submit" disabled={!hasRequired(draft) || pending}>
            {pending
              ? t('bookings.form.saving')
              : t(booking ? 'bookings.form.saveChanges' : 'bookings.form.create')}
          </Button>
        </div>
      </form>
      <ClientFormDialog
        open={creatingClient}
        onOpenChange={setCreatingClient}
        onSaved={(client) => {
          setCreated((list) => [client, ...list]);
          set('clientId', client.id);
        }}
      />
    </>
  );
}
