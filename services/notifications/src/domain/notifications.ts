import { createHash } from 'node:crypto';
import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { Clock } from '@sneakers/shared/clock';
import type { Notification } from '@sneakers/shared/contracts/offers';
import { NotFoundError } from '@sneakers/shared/errors';
import { ulid } from '@sneakers/shared/ids';
import { formatMoney, type Currency } from '@sneakers/shared/money';
import {
  bookingCreated,
  bookingInformationRequested,
  bookingUpdated,
  consignmentCreated,
  consignmentSold,
  offerReceived,
  offerUpdated,
  providerRegistered,
} from '@sneakers/events';
import type { Mailer, OutgoingEmail } from '@sneakers/shared/email/mailer';

/**
 * In-app notifications (offers, provider registrations), offer, booking and consignment
 * emails (spec sections 7, 8, 9). Consumers are idempotent:
 * the notification id derives from the event id and recipient (a conditional put), and
 * each email is claimed under `eventId#type` before it is sent and marked sent after,
 * so an EventBridge retry neither duplicates the notification nor resends the email.
 */
export type Language = 'en' | 'es';
export type NotificationType = Notification['type'];
export type EmailType =
  'offer_received' | 'offer_received_unified' | 'offer_updated' | BookingEmailType | ConsignmentEmailType;
export type BookingEmailType = 'booking_confirmation' | 'booking_update' | 'booking_information';
export type ConsignmentEmailType = 'consignment_created' | 'consignment_sold';
export const OFFERS_LINK = '/dashboard/offers';
export const PROVIDERS_LINK = '/dashboard/providers';
/** A claim older than this is considered abandoned (the sender crashed) and may be retaken. */
export const EMAIL_CLAIM_MS = 60_000;

export interface NotificationRecord extends Notification {
  recipientUserId: string;
  eventId: string;
}

export interface Recipient {
  userId: string;
  contactEmail: string | null;
  language: Language;
  emailNotifications: boolean;
}

export interface NotificationsRepository {
  getRecipient(userId: string): Promise<Recipient | null>;
  /** Conditional create plus the unread counter, in one transaction; false when it already exists. */
  add(record: NotificationRecord): Promise<boolean>;
  list(
    userId: string,
    page: { cursor?: string; limit?: number },
  ): Promise<{ records: NotificationRecord[]; cursor: string | null }>;
  unreadCount(userId: string): Promise<number>;
  /** Null when the user has no notification with this id. */
  markRead(userId: string, id: string): Promise<NotificationRecord | null>;
  /** 'claimed' to send now; 'sent' when already sent; 'busy' when another delivery is sending it. */
  claimEmail(sendKey: string, now: Date, trackUsage: boolean): Promise<'claimed' | 'sent' | 'busy'>;
  completeEmail(sendKey: string, now: Date): Promise<void>;
  releaseEmail(sendKey: string): Promise<void>;
}

export interface NotificationsDeps {
  repo: NotificationsRepository;
  mailer: Mailer;
  clock: Clock;
  /** The SPA origin for links in emails; links stay relative without it. */
  appUrl: string | undefined;
}

/** Deterministic and time-sortable: a ULID of the event time with randomness from eventId+recipient. */
export function notificationId(eventId: string, recipientUserId: string, occurredAt: string): string {
  const seed = createHash('sha256').update(`${eventId}\u0000${recipientUserId}`).digest().subarray(0, 10);
  return ulid(Date.parse(occurredAt), seed);
}

const LIST_NAMES = { wtb: 'WTB', wtc: 'WTC' } as const;

const STATUS_WORDS = {
  en: {
    accepted: 'accepted',
    declined: 'declined',
    countered: 'countered',
    withdrawn: 'withdrawn',
    pending: 'updated',
    expired: 'expired',
  },
  es: {
    accepted: 'aceptada',
    declined: 'rechazada',
    countered: 'contraofertada',
    withdrawn: 'retirada',
    pending: 'actualizada',
    expired: 'caducada',
  },
} as const;

interface Message {
  title: string;
  body: string;
}

export function receivedCopy(
  language: Language,
  data: { senderName: string; itemsCount: number; listType: 'wtb' | 'wtc' },
): Message {
  const list = LIST_NAMES[data.listType];
  const several = data.itemsCount > 1;
  if (language === 'es')
    return several
      ? {
          title: `Nueva oferta por ${data.itemsCount} artículos`,
          body: `${data.senderName} ha hecho una oferta por ${data.itemsCount} artículos de tu lista ${list}.`,
        }
      : {
          title: `Nueva oferta en tu lista ${list}`,
          body: `${data.senderName} ha hecho una oferta en tu lista ${list}.`,
        };
  return several
    ? {
        title: `New offer for ${data.itemsCount} items`,
        body: `${data.senderName} made an offer for ${data.itemsCount} items on your ${list} list.`,
      }
    : {
        title: `New offer on your ${list} list`,
        body: `${data.senderName} made an offer on your ${list} list.`,
      };
}

export function updatedCopy(
  language: Language,
  data: {
    status: keyof (typeof STATUS_WORDS)['en'];
    actorName: string;
    itemName: string;
    counterPrice: number | null;
    currency: string;
  },
): Message {
  const word = STATUS_WORDS[language][data.status];
  const price =
    data.status === 'countered' && data.counterPrice !== null
      ? formatMoney({ amount: data.counterPrice, currency: data.currency as Currency }, language)
      : null;
  if (language === 'es')
    return {
      title: `Oferta ${word}: ${data.itemName}`,
      body: price
        ? `${data.actorName} ha contraofertado ${price} por ${data.itemName}.`
        : `${data.actorName} ha marcado la oferta por ${data.itemName} como ${word}.`,
    };
  return {
    title: `Offer ${word}: ${data.itemName}`,
    body: price
      ? `${data.actorName} countered with ${price} for ${data.itemName}.`
      : `${data.actorName} ${word} the offer for ${data.itemName}.`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ACTION = { en: 'View offers', es: 'Ver ofertas' } as const;

export function renderEmail(to: string, message: Message, language: Language, link: string): OutgoingEmail {
  return {
    to,
    subject: message.title,
    text: [message.body, '', `${ACTION[language]}: ${link}`].join('\n'),
    html: [
      `<p>${escapeHtml(message.body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(ACTION[language])}</a></p>`,
    ].join('\n'),
  };
}

/** Sends once per send key: a failure releases the claim and throws so the bus retries. */
export async function sendOnce(
  deps: NotificationsDeps,
  sendKey: string,
  email: OutgoingEmail,
  trackUsage: boolean,
): Promise<'sent' | 'skipped'> {
  const claim = await deps.repo.claimEmail(sendKey, deps.clock.now(), trackUsage);
  if (claim !== 'claimed') return 'skipped';
  try {
    await deps.mailer.send(email);
  } catch (error) {
    await deps.repo.releaseEmail(sendKey);
    throw error;
  }
  await deps.repo.completeEmail(sendKey, deps.clock.now());
  return 'sent';
}

async function deliver(
  deps: NotificationsDeps,
  input: {
    eventId: string;
    occurredAt: string;
    recipientUserId: string;
    type: NotificationType;
    emailType: EmailType;
    trackUsage: boolean;
    copy: (language: Language) => Message;
  },
) {
  const recipient = await deps.repo.getRecipient(input.recipientUserId);
  const language = recipient?.language ?? 'en';
  const message = input.copy(language);
  await deps.repo.add({
    id: notificationId(input.eventId, input.recipientUserId, input.occurredAt),
    recipientUserId: input.recipientUserId,
    eventId: input.eventId,
    type: input.type,
    title: message.title,
    body: message.body,
    link: OFFERS_LINK,
    read: false,
    createdAt: input.occurredAt,
  });
  // Spec section 8: a missing recipient email skips the send silently.
  const to = recipient?.contactEmail?.trim();
  if (!recipient || !to || !recipient.emailNotifications) return;
  const link = `${(deps.appUrl ?? '').replace(/\/$/, '')}${OFFERS_LINK}`;
  await sendOnce(
    deps,
    `${input.eventId}#${input.emailType}#${input.recipientUserId}`,
    renderEmail(to, message, language, link),
    input.trackUsage,
  );
}

/** Offer.Received → the list owner: in-app notification and offer_received(_unified) email. */
export async function onOfferReceived(deps: NotificationsDeps, detail: unknown): Promise<void> {
  const event = offerReceived.detail.parse(detail);
  const data = event.data;
  await deliver(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.receiverUserId,
    type: 'offer_received',
    emailType: data.itemsCount > 1 ? 'offer_received_unified' : 'offer_received',
    trackUsage: true,
    copy: (language) => receivedCopy(language, data),
  });
}

/** Offer.Updated → the other party: in-app notification and offer_updated email (no usage tracking). */
export async function onOfferUpdated(deps: NotificationsDeps, detail: unknown): Promise<void> {
  const event = offerUpdated.detail.parse(detail);
  const data = event.data;
  await deliver(deps, {
    eventId: event.eventId,
    occurredAt: event.occurredAt,
    recipientUserId: data.notifyUserId,
    type: 'offer_updated',
    emailType: 'offer_updated',
    trackUsage: false,
    copy: (language) => updatedCopy(language, data),
  });
}

// ---------------------------------------------------------------- booking emails

export interface BookingEmailData {
  shareId: string;
  clientName: string;
  clientEmail: string;
  itemName: string;
  itemSku: string;
  size: string;
  salePrice: number;
  prepaidAmount: number;
  currency: string;
  status: string;
  language: Language;
  storeBusinessName: string;
}

/** Spec section 9: emails without a business name use a generic store name. */
const DEFAULT_STORE = { en: 'Your sneaker store', es: 'Tu tienda de sneakers' } as const;

const BOOKING_STATUS_WORDS = {
  en: { active: 'Active', found: 'Found', cancelled: 'Cancelled', completed: 'Completed' },
  es: { active: 'Activa', found: 'Encontrada', cancelled: 'Cancelada', completed: 'Completada' },
} as const;

const BOOKING_COPY = {
  en: {
    booking_confirmation: (store: string, item: string) => ({
      subject: `Booking confirmed: ${item}`,
      intro: `${store} has confirmed your booking.`,
    }),
    booking_update: (store: string, item: string) => ({
      subject: `Booking updated: ${item}`,
      intro: `${store} has updated your booking.`,
    }),
    booking_information: (store: string, item: string) => ({
      subject: `Your booking: ${item}`,
      intro: `Here are the details of your booking with ${store}.`,
    }),
    hello: (name: string) => `Hi ${name},`,
    product: 'Product',
    size: 'Size',
    status: 'Status',
    price: 'Sale price',
    prepaid: 'Prepaid',
    remaining: 'Remaining',
    action: 'View booking',
  },
  es: {
    booking_confirmation: (store: string, item: string) => ({
      subject: `Reserva confirmada: ${item}`,
      intro: `${store} ha confirmado tu reserva.`,
    }),
    booking_update: (store: string, item: string) => ({
      subject: `Reserva actualizada: ${item}`,
      intro: `${store} ha actualizado tu reserva.`,
    }),
    booking_information: (store: string, item: string) => ({
      subject: `Tu reserva: ${item}`,
      intro: `Estos son los detalles de tu reserva con ${store}.`,
    }),
    hello: (name: string) => `Hola ${name}:`,
    product: 'Producto',
    size: 'Talla',
    status: 'Estado',
    price: 'Precio de venta',
    prepaid: 'Pagado por adelantado',
    remaining: 'Pendiente',
    action: 'Ver reserva',
  },
} as const;

/** The email to the client, in the store's language; the prepaid line only when above zero (spec 5). */
export function renderBookingEmail(
  type: BookingEmailType,
  data: BookingEmailData,
  appUrl: string | undefined,
): OutgoingEmail {
  const language = data.language;
  const copy = BOOKING_COPY[language];
  const store = data.storeBusinessName.trim() || DEFAULT_STORE[language];
  const { subject, intro } = copy[type](store, data.itemName);
  const money = (amount: number) => formatMoney({ amount, currency: data.currency as Currency }, language);
  const words: Record<string, string> = BOOKING_STATUS_WORDS[language];
  const details: [string, string][] = [
    [copy.product, `${data.itemName} (${data.itemSku})`],
    [copy.size, data.size],
    [copy.status, words[data.status] ?? data.status],
    [copy.price, money(data.salePrice)],
    ...(data.prepaidAmount > 0
      ? ([
          [copy.prepaid, money(data.prepaidAmount)],
          [copy.remaining, money(data.salePrice - data.prepaidAmount)],
        ] as [string, string][])
      : []),
  ];
  const link = `${(appUrl ?? '').replace(/\/$/, '')}/booking/${encodeURIComponent(data.shareId)}`;
  const hello = copy.hello(data.clientName);
  return {
    to: data.clientEmail.trim(),
    subject,
    text: [
      hello,
      '',
      intro,
      '',
      ...details.map(([k, v]) => `${k}: ${v}`),
      '',
      `${copy.action}: ${link}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${details.map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(v)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p>`,
    ].join('\n'),
  };
}

/**
 * A booking email to the client (spec section 7, send-booking-email): skipped silently
 * without a client email; sent once per event (the claim), and a send failure throws so
 * the bus retries; the booking itself was committed before the event existed.
 */
async function sendBookingEmail(
  deps: NotificationsDeps,
  type: BookingEmailType,
  event: { eventId: string; data: BookingEmailData },
): Promise<void> {
  if (!event.data.clientEmail.trim()) return;
  await sendOnce(
    deps,
    `${event.eventId}#${type}#client`,
    renderBookingEmail(type, event.data, deps.appUrl),
    true,
  );
}

/** Booking.Created → booking_confirmation. */
export async function onBookingCreated(deps: NotificationsDeps, detail: unknown): Promise<void> {
  await sendBookingEmail(deps, 'booking_confirmation', bookingCreated.detail.parse(detail));
}

/** Booking.Updated → booking_update. */
export async function onBookingUpdated(deps: NotificationsDeps, detail: unknown): Promise<void> {
  await sendBookingEmail(deps, 'booking_update', bookingUpdated.detail.parse(detail));
}

/** Booking.InformationRequested → booking_information. */
export async function onBookingInformationRequested(deps: NotificationsDeps, detail: unknown): Promise<void> {
  await sendBookingEmail(deps, 'booking_information', bookingInformationRequested.detail.parse(detail));
}

// ---------------------------------------------------------------- consignment emails

export interface ConsignmentEmailData {
  storeBusinessName: string;
  language: string;
  providerName: string;
  providerEmail: string;
  itemName: string;
  itemSku: string;
  size: string;
  price: number;
  salePrice: number | null;
  currency: string;
}

const CONSIGNMENT_COPY = {
  en: {
    consignment_created: (store: string, item: string) => ({
      subject: `Consignment received: ${item}`,
      intro: `${store} has received your item on consignment.`,
    }),
    consignment_sold: (store: string, item: string) => ({
      subject: `Your consignment sold: ${item}`,
      intro: `Good news: ${store} has sold your item.`,
    }),
    hello: (name: string) => `Hi ${name},`,
    product: 'Product',
    size: 'Size',
    price: 'Your price',
    salePrice: 'Sale price',
    store: 'Store',
  },
  es: {
    consignment_created: (store: string, item: string) => ({
      subject: `Consigna recibida: ${item}`,
      intro: `${store} ha recibido tu artículo en consigna.`,
    }),
    consignment_sold: (store: string, item: string) => ({
      subject: `Tu artículo en consigna se ha vendido: ${item}`,
      intro: `Buenas noticias: ${store} ha vendido tu artículo.`,
    }),
    hello: (name: string) => `Hola ${name}:`,
    product: 'Producto',
    size: 'Talla',
    price: 'Tu precio',
    salePrice: 'Precio de venta',
    store: 'Tienda',
  },
} as const;

/** The email to the provider, in the store's language (anything but `es` is English). */
export function renderConsignmentEmail(
  type: ConsignmentEmailType,
  data: ConsignmentEmailData,
): OutgoingEmail {
  const language: Language = data.language === 'es' ? 'es' : 'en';
  const copy = CONSIGNMENT_COPY[language];
  const store = data.storeBusinessName.trim() || DEFAULT_STORE[language];
  const { subject, intro } = copy[type](store, data.itemName);
  const money = (amount: number) => formatMoney({ amount, currency: data.currency as Currency }, language);
  const details: [string, string][] = [
    [copy.product, `${data.itemName} (${data.itemSku})`],
    [copy.size, data.size],
    [copy.price, money(data.price)],
    ...(type === 'consignment_sold' && data.salePrice !== null
      ? ([[copy.salePrice, money(data.salePrice)]] as [string, string][])
      : []),
    [copy.store, store],
  ];
  const hello = copy.hello(data.providerName);
  return {
    to: data.providerEmail.trim(),
    subject,
    text: [hello, '', intro, '', ...details.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${details.map(([k, v]) => `<li>${escapeHtml(k)}: ${escapeHtml(v)}</li>`).join('')}</ul>`,
    ].join('\n'),
  };
}

/**
 * A consignment email to the provider (send-consignment-email): skipped silently without
 * a provider email; sent once per event (the claim); a send failure throws so the bus retries.
 */
async function sendConsignmentEmail(
  deps: NotificationsDeps,
  type: ConsignmentEmailType,
  event: { eventId: string; data: ConsignmentEmailData },
): Promise<void> {
  if (!event.data.providerEmail.trim()) return;
  await sendOnce(deps, `${event.eventId}#${type}#provider`, renderConsignmentEmail(type, event.data), true);
}

/** Consignment.Created → consignment_created. */
export async function onConsignmentCreated(deps: NotificationsDeps, detail: unknown): Promise<void> {
  await sendConsignmentEmail(deps, 'consignment_created', consignmentCreated.detail.parse(detail));
}

/** Consignment.Sold → consignment_sold. */
export async function onConsignmentSold(deps: NotificationsDeps, detail: unknown): Promise<void> {
  await sendConsignmentEmail(deps, 'consignment_sold', consignmentSold.detail.parse(detail));
}

// ---------------------------------------------------------------- provider registrations

export function providerRegisteredCopy(language: Language, data: { providerName: string }): Message {
  return language === 'es'
    ? {
        title: `Nuevo registro de proveedor: ${data.providerName}`,
        body: `${data.providerName} se ha registrado como proveedor y espera tu aprobación.`,
      }
    : {
        title: `New provider registration: ${data.providerName}`,
        body: `${data.providerName} registered as a provider and is waiting for your approval.`,
      };
}

/**
 * Provider.Registered → an in-app notification for the store (no email), in the store's
 * profile language, linking to the provider. Idempotent like the offer notifications.
 */
export async function onProviderRegistered(deps: NotificationsDeps, detail: unknown): Promise<void> {
  const event = providerRegistered.detail.parse(detail);
  const data = event.data;
  const recipient = await deps.repo.getRecipient(data.storeUserId);
  const message = providerRegisteredCopy(recipient?.language ?? 'en', data);
  await deps.repo.add({
    id: notificationId(event.eventId, data.storeUserId, event.occurredAt),
    recipientUserId: data.storeUserId,
    eventId: event.eventId,
    type: 'provider_registered',
    title: message.title,
    body: message.body,
    link: `${PROVIDERS_LINK}/${encodeURIComponent(data.providerId)}`,
    read: false,
    createdAt: event.occurredAt,
  });
}

function toNotification(record: NotificationRecord): Notification {
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    body: record.body,
    link: record.link,
    read: record.read,
    createdAt: record.createdAt,
  };
}

export async function listNotifications(
  deps: NotificationsDeps,
  actor: Actor,
  query: { cursor?: string; limit?: number },
) {
  const user = requireUser(actor);
  const [page, unread] = await Promise.all([
    deps.repo.list(user.userId, query),
    deps.repo.unreadCount(user.userId),
  ]);
  return { notifications: page.records.map(toNotification), unread, cursor: page.cursor };
}

export async function markNotificationRead(deps: NotificationsDeps, actor: Actor, id: string) {
  const user = requireUser(actor);
  const record = await deps.repo.markRead(user.userId, id);
  if (!record) throw new NotFoundError('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  return { notification: toNotification(record) };
}
