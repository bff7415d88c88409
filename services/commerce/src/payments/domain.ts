import type * as z from 'zod/mini';
import { requireUser, requireWriter, type Actor } from '@sneakers/shared/actor';
import { paymentSchema, type Payment, type paymentCreateSchema } from '@sneakers/shared/contracts/payments';
import { BadRequestError, ConflictError, NotFoundError } from '@sneakers/shared/errors';
import { beginIdempotent } from '@sneakers/shared/idempotency/idempotency';
import { mapPage, type Page, type PageRequest } from '@sneakers/shared/paging/page';
import { paymentRecorded } from '@sneakers/events/commerce';
import { buildEvent } from '@sneakers/events/define-event';
import type { PaymentRecord } from './payment-entity';
import type { PaymentDeps } from './ports';

/**
 * Payments to providers (docs/product/commerce.md#payments): one transaction writes the
 * payment, marks each settled consignment paid (only if sold and unpaid: a consignment is
 * paid once, also against a concurrent payment) and queues the payment email's event
 * (docs/product/notifications-and-emails.md#payment-email).
 */

/** The API's payment: the record without its partition key. */
const toPayment = ({ storeUserId: _store, ...payment }: PaymentRecord): Payment => payment;

const notPayable = () =>
  new ConflictError('A selected consignment is not sold or is already paid.', 'CONSIGNMENT_NOT_PAYABLE');

export async function listPayments(
  deps: Pick<PaymentDeps, 'repo'>,
  actor: Actor,
  query: { providerId?: string } & PageRequest,
): Promise<Page<Payment>> {
  const user = requireUser(actor);
  const page = await deps.repo.list(user.userId, query.providerId ?? null, {
    cursor: query.cursor,
    limit: query.limit,
  });
  return mapPage(page, toPayment);
}

export async function getPayment(
  deps: Pick<PaymentDeps, 'repo'>,
  actor: Actor,
  id: string,
): Promise<Payment> {
  const user = requireUser(actor);
  const record = await deps.repo.get(user.userId, id);
  if (!record) throw new NotFoundError('Payment not found.', 'PAYMENT_NOT_FOUND');
  return toPayment(record);
}

export async function listBalances(deps: Pick<PaymentDeps, 'repo'>, actor: Actor) {
  const user = requireUser(actor);
  return deps.repo.balances(user.userId);
}

/** Idempotent create: a retry with the same Idempotency-Key answers the first payment. */
export async function createPayment(
  deps: PaymentDeps,
  actor: Actor,
  headers: Record<string, string>,
  input: z.output<typeof paymentCreateSchema>,
): Promise<{ payment: Payment; created: boolean }> {
  const user = requireWriter(actor);
  const now = deps.clock.now();
  const request = await beginIdempotent({
    store: deps.idempotency,
    scope: `commerce.payment#${user.userId}`,
    headers,
    request: input,
    now,
    result: paymentSchema,
  });
  if (request.replay) return { payment: request.replay, created: false };

  const ids = [...new Set(input.consignmentIds)];
  const [provider, found, store] = await Promise.all([
    deps.repo.provider(user.userId, input.providerId),
    deps.repo.consignments(user.userId, input.providerId, ids),
    deps.repo.store(user.userId),
  ]);
  if (!provider) throw new NotFoundError('Provider not found.', 'PROVIDER_NOT_FOUND');
  const byId = new Map(found.map((c) => [c.id, c]));
  const consignments = ids.map((id) => {
    const consignment = byId.get(id);
    if (!consignment) throw new NotFoundError('Consignment not found.', 'CONSIGNMENT_NOT_FOUND');
    if (consignment.status !== 'sold' || consignment.paymentId) throw notPayable();
    return consignment;
  });
  const currency = consignments[0]?.currency;
  if (!currency || consignments.some((c) => c.currency !== currency))
    throw new BadRequestError('MIXED_CURRENCIES', 'Pay consignments of one currency at a time.');

  const notify = input.notifyProvider ?? true;
  const providerEmail = provider.email.trim();
  const at = now.toISOString();
  const record: PaymentRecord = {
    storeUserId: user.userId,
    id: deps.ids.next(),
    providerId: input.providerId,
    providerName: provider.name,
    totalAmount: consignments.reduce((sum, c) => sum + c.price, 0),
    currency,
    paymentMethod: input.paymentMethod,
    paymentDate: input.paymentDate ?? at.slice(0, 10),
    notes: input.notes || null,
    consignments: consignments.map(({ id, itemName, itemSku, size, price }) => ({
      id,
      itemName,
      itemSku,
      size,
      price,
    })),
    emailQueuedAt: notify && providerEmail ? at : null,
    createdAt: at,
  };
  const event = buildEvent(
    paymentRecorded,
    {
      paymentId: record.id,
      storeUserId: user.userId,
      totalAmount: record.totalAmount,
      currency,
      paymentMethod: record.paymentMethod,
      paymentDate: record.paymentDate,
      notes: record.notes,
      consignmentCount: consignments.length,
      providerName: provider.name,
      providerEmail,
      notifyProvider: notify,
      language: store?.language ?? 'en',
      storeBusinessName: store?.businessName ?? '',
    },
    { eventId: deps.ids.next(), occurredAt: at },
  );
  const payment = toPayment(record);
  const outcome = await deps.repo.create(record, request.claim(payment), event);
  if (outcome === 'duplicate') return { payment: await request.winner(), created: false };
  if (outcome === 'notPayable') throw notPayable();
  return { payment, created: true };
}
