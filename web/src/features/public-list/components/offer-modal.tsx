import { useRef, useState } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import {
  ApiError,
  createAnonymousOffer,
  createOffers,
  formatMoney,
  formatSize,
  type PublicOwner,
  type UserProfile,
} from '@sneakers/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/form';
import { useReturnFocus } from '../../../components/ui/return-focus';
import { useApi } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { formatName, formatSku } from '../../../lib/item-format';
import {
  canGoToStep,
  DEFAULT_LINE,
  isStepValid,
  lineOf,
  OFFER_STEPS,
  offerLanguage,
  offerTotals,
  priceCents,
  quantityOf,
  selectionKey,
  toOfferLines,
  type OfferContact,
  type OfferDraft,
  type OfferForm,
  type OfferLineDraft,
  type Selection,
} from '../model/offer';

const SOCIAL_HINT_ID = 'offer-social-hint';

export interface OfferModalProps {
  open: boolean;
  /** Closing (X, Escape, outside) clears the draft; the browser's Back closes it keeping it. */
  onOpenChange: (open: boolean) => void;
  /** The draft, held by the list (docs/product/offers.md#back-and-leaving). */
  form: OfferForm;
  onFormChange: (change: (form: OfferForm) => OfferForm) => void;
  /** Moves to a step: each step is a history entry, so the browser's Back steps back too. */
  onStep: (step: number) => void;
  owner: PublicOwner;
  listType: 'wtb' | 'wtc';
  selections: Selection[];
  onRemove: (selection: Selection) => void;
  /** The signed-in viewer's profile (full offers), or null (anonymous offer). */
  viewer: UserProfile | null;
  onSent: (contact: OfferContact, anonymous: boolean) => void;
}

/** The four-step offer modal (docs/product/offers.md#offer-modal); its content mounts once per opening. */
export function OfferModal(props: OfferModalProps) {
  const { t } = useTranslation();
  // Opened by state, not a Radix Trigger: Make offer gets the focus back on close.
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          {...returnFocus}
          data-testid="offer-modal"
          className="fixed inset-0 z-50 flex flex-col gap-4 overflow-y-auto bg-white p-4 focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(700px,90svh)] sm:w-[min(1800px,calc(100%-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6 dark:bg-neutral-900"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <DialogPrimitive.Title className="text-lg font-semibold">
                {t('offers.modal.title')}
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-neutral-600 dark:text-neutral-400">
                {t('offers.modal.description', { name: props.owner.businessName })}
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close
              aria-label={t('common.close')}
              className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </DialogPrimitive.Close>
          </div>
          <OfferModalBody {...props} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function OfferModalBody({
  form,
  onFormChange,
  onStep,
  owner,
  listType,
  selections,
  onRemove,
  viewer,
  onSent,
}: OfferModalProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  // One key per draft: a retry or a double click creates the offer once.
  const { idempotencyKey, step, contact, lines, message } = form;
  const setContact = (change: (c: OfferContact) => OfferContact) =>
    onFormChange((f) => ({ ...f, contact: change(f.contact) }));
  const setMessage = (text: string) => onFormChange((f) => ({ ...f, message: text }));
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const draft: OfferDraft = { selections, contact, lines, message };
  const currentValid = isStepValid(OFFER_STEPS[step]!, draft);

  const setLine = (s: Selection, patch: Partial<OfferLineDraft>) =>
    onFormChange((f) => {
      const key = selectionKey(s.item.id, s.size);
      return { ...f, lines: { ...f.lines, [key]: { ...(f.lines[key] ?? DEFAULT_LINE), ...patch } } };
    });
  const validationToast = (key: 'cannotOfferOwnList' | 'fillRequired') =>
    toast.error(t('offers.validation.error'), { description: t(`offers.validation.${key}`) });

  const next = () => {
    if (!currentValid) return validationToast('fillRequired');
    onStep(Math.min(step + 1, OFFER_STEPS.length - 1));
  };

  const submit = async () => {
    if (sendingRef.current) return;
    if (viewer && viewer.userId === owner.userId) return validationToast('cannotOfferOwnList');
    if (!isStepValid('summary', draft)) return validationToast('fillRequired');
    sendingRef.current = true;
    setSending(true);
    const target = {
      listOwnerId: owner.userId,
      listType,
      lines: toOfferLines(draft),
      message: message.trim() || null,
    };
    try {
      if (viewer) await api(createOffers, { body: target, idempotencyKey });
      else
        await api(createAnonymousOffer, {
          idempotencyKey,
          body: {
            ...target,
            language: offerLanguage(i18n.language),
            contact: {
              name: contact.name.trim(),
              email: contact.email.trim(),
              phone: contact.phone.trim(),
              instagram: contact.instagram.trim() || null,
              discord: contact.discord.trim() || null,
            },
          },
        });
      onSent(contact, !viewer);
    } catch (error) {
      if (error instanceof ApiError && /OWN_LIST/.test(error.code)) validationToast('cannotOfferOwnList');
      else
        toast.error(t('offers.error.title'), {
          description:
            error instanceof ApiError && error.status === 429 ? error.message : t('offers.error.description'),
        });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  // One of the two is needed: the hint shows once, for both fields, and only while both are empty.
  const needsSocial = !contact.instagram.trim() && !contact.discord.trim();
  const contactField = (key: keyof OfferContact, type = 'text', required = true) => (
    <Field id={`offer-${key}`} label={t(`offers.contact.${key}`) + (required ? ' *' : '')}>
      <Input
        id={`offer-${key}`}
        data-testid={`offer-contact-${key}`}
        type={type}
        value={contact[key]}
        aria-describedby={
          (key === 'instagram' || key === 'discord') && needsSocial ? SOCIAL_HINT_ID : undefined
        }
        onChange={(e) => setContact((c) => ({ ...c, [key]: e.target.value }))}
      />
    </Field>
  );
  const money = (cents: number, currency: Selection['item']['currency']) =>
    formatMoney({ amount: cents, currency }, i18n.language);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      {/* Said when the step changes, by a button or by the browser's Back and Forward. */}
      <p className="sr-only" aria-live="polite" data-testid="offer-step-status">
        {t('offers.modal.stepStatus', {
          number: step + 1,
          count: OFFER_STEPS.length,
          name: t(`offers.steps.${OFFER_STEPS[step]!}`),
        })}
      </p>
      <ol className="flex items-center justify-center gap-3" aria-label={t('offers.modal.steps')}>
        {OFFER_STEPS.map((name, index) => {
          const allowed = canGoToStep(step, index, draft);
          return (
            <li key={name}>
              <button
                type="button"
                data-testid={`offer-step-${index}`}
                aria-current={index === step ? 'step' : undefined}
                disabled={!allowed}
                onClick={() => onStep(index)}
                className={cn(
                  'flex items-center gap-2 rounded-full px-2 py-1 text-xs disabled:opacity-40',
                  index === step ? 'bg-orange-600 text-white' : 'bg-neutral-100 dark:bg-neutral-800',
                )}
              >
                <span
                  aria-hidden="true"
                  className="grid h-5 w-5 place-items-center rounded-full border border-current"
                >
                  {index + 1}
                </span>
                {/* Phones show the number only; the name is still the button's name. */}
                <span className="sr-only sm:not-sr-only">{t(`offers.steps.${name}`)}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {step === 0 && (
          <ul className="flex flex-col gap-2">
            {selections.length === 0 && (
              <li className="text-sm text-neutral-500">{t('offers.select.empty')}</li>
            )}
            {selections.map((s) => (
              <li
                key={selectionKey(s.item.id, s.size)}
                data-testid="offer-selection"
                className="flex items-center gap-3 rounded-lg border border-neutral-200 p-2 text-sm dark:border-neutral-800"
              >
                <span className="flex-1">
                  {formatName(s.item.name)} · {formatSku(s.item.sku)} · {formatSize(s.size)}
                </span>
                <Button size="sm" variant="ghost" onClick={() => onRemove(s)}>
                  {t('offers.select.remove')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {step === 1 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {contactField('name')}
            {contactField('email', 'email')}
            {contactField('phone', 'tel')}
            {contactField('instagram', 'text', false)}
            {contactField('discord', 'text', false)}
            {needsSocial && (
              <p
                id={SOCIAL_HINT_ID}
                data-testid="offer-social-hint"
                className="text-xs text-neutral-500 sm:col-span-2 dark:text-neutral-400"
              >
                {t('offers.contact.socialHint')}
              </p>
            )}
          </div>
        )}
        {step === 2 && (
          <div className="flex flex-col gap-3">
            {selections.map((s, i) => {
              const line = lineOf(draft, s);
              return (
                <div
                  key={selectionKey(s.item.id, s.size)}
                  className="grid gap-3 rounded-lg border border-neutral-200 p-3 sm:grid-cols-[2fr_1fr_1fr_2fr] dark:border-neutral-800"
                >
                  <span className="text-sm font-medium">
                    {formatName(s.item.name)} · {formatSize(s.size)}
                  </span>
                  <Field
                    id={`offer-price-${i}`}
                    label={`${t('offers.products.price')} (${s.item.currency})`}
                    error={
                      line.price && priceCents(line.price) === null
                        ? t('offers.products.priceError')
                        : undefined
                    }
                  >
                    <Input
                      id={`offer-price-${i}`}
                      data-testid={`offer-price-${i}`}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      value={line.price}
                      onChange={(e) => setLine(s, { price: e.target.value })}
                    />
                  </Field>
                  <Field
                    id={`offer-quantity-${i}`}
                    label={t('offers.products.quantity')}
                    error={
                      quantityOf(line.quantity) === null ? t('offers.products.quantityError') : undefined
                    }
                  >
                    <Input
                      id={`offer-quantity-${i}`}
                      data-testid={`offer-quantity-${i}`}
                      type="number"
                      min={1}
                      step={1}
                      value={line.quantity}
                      onChange={(e) => setLine(s, { quantity: e.target.value })}
                    />
                  </Field>
                  <Field id={`offer-notes-${i}`} label={t('offers.products.notes')}>
                    <Input
                      id={`offer-notes-${i}`}
                      data-testid={`offer-notes-${i}`}
                      maxLength={500}
                      value={line.notes}
                      onChange={(e) => setLine(s, { notes: e.target.value })}
                    />
                  </Field>
                </div>
              );
            })}
            <Field id="offer-message" label={t('offers.products.message')}>
              <textarea
                id="offer-message"
                data-testid="offer-message"
                rows={2}
                maxLength={2000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                className="w-full rounded-md border border-neutral-300 bg-white p-3 text-sm dark:border-neutral-700 dark:bg-neutral-900"
              />
            </Field>
          </div>
        )}
        {step === 3 && (
          <div data-testid="offer-summary" className="flex flex-col gap-3 text-sm">
            <p>
              {contact.name} · {contact.email} · {contact.phone}
              {contact.instagram && ` · IG ${contact.instagram}`}
              {contact.discord && ` · Discord ${contact.discord}`}
            </p>
            <ul className="flex flex-col gap-1">
              {selections.map((s) => {
                const line = lineOf(draft, s);
                const cents = priceCents(line.price) ?? 0;
                return (
                  <li key={selectionKey(s.item.id, s.size)} data-testid="offer-summary-line">
                    {formatName(s.item.name)} · {formatSize(s.size)} · {line.quantity} ×{' '}
                    {money(cents, s.item.currency)}
                  </li>
                );
              })}
            </ul>
            <dl className="flex flex-col gap-2 border-t border-neutral-200 pt-3 dark:border-neutral-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <dt className="font-medium">{t('offers.summary.total')}</dt>
                <dd data-testid="offer-summary-total" className="text-base font-bold tabular-nums">
                  {offerTotals(draft)
                    .map((total) => money(total.amount, total.currency))
                    .join(' + ')}
                </dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="font-medium">{t('offers.summary.message')}</dt>
                <dd data-testid="offer-summary-message" className="break-words whitespace-pre-wrap">
                  {message.trim() || (
                    <span className="text-neutral-500">{t('offers.summary.noMessage')}</span>
                  )}
                </dd>
              </div>
            </dl>
          </div>
        )}
      </div>
      <div className="flex justify-between gap-2">
        <Button
          variant="outline"
          data-testid="offer-back"
          disabled={step === 0}
          onClick={() => onStep(Math.max(0, step - 1))}
        >
          {t('offers.modal.back')}
        </Button>
        {step < OFFER_STEPS.length - 1 ? (
          <Button data-testid="offer-next" onClick={next} aria-disabled={!currentValid}>
            {t('offers.modal.next')}
          </Button>
        ) : (
          <Button data-testid="offer-submit" disabled={sending} onClick={() => void submit()}>
            {sending ? t('offers.modal.sending') : t('offers.modal.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
