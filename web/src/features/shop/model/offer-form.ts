import * as z from 'zod/mini';
import { storefrontOfferBodySchema, type StorefrontOfferBody } from '@sneakers/shared/contracts/offers';
import { centsOfInput } from './money';

/** "Make an offer" on a product page (docs/product/online-store.md#make-an-offer). */
export interface OfferFormValues {
  price: string;
  name: string;
  email: string;
  phone: string;
  instagram: string;
  discord: string;
  message: string;
}

export const EMPTY_OFFER_FORM: OfferFormValues = {
  price: '',
  name: '',
  email: '',
  phone: '',
  instagram: '',
  discord: '',
  message: '',
};

export type OfferField = keyof OfferFormValues;

export function storefrontOfferBody(
  values: OfferFormValues,
  target: { storeId: string; productId: string; size: string },
  language: 'en' | 'es',
): StorefrontOfferBody {
  return {
    ...target,
    // An unreadable price is sent as 0 so the contract's own check refuses it.
    offeredPrice: centsOfInput(values.price) ?? 0,
    ...(values.message.trim() ? { message: values.message } : {}),
    contact: {
      name: values.name,
      email: values.email.trim(),
      phone: values.phone,
      instagram: values.instagram.trim() || null,
      discord: values.discord.trim() || null,
    },
    language,
  };
}

/** The body's field a contract path names (`contact.email` is `email`, `offeredPrice` is `price`). */
function fieldOf(path: readonly PropertyKey[]): OfferField | null {
  const last = path[path.length - 1];
  if (last === 'offeredPrice') return 'price';
  if (typeof last === 'string' && Object.hasOwn(EMPTY_OFFER_FORM, last)) return last as OfferField;
  return null;
}

/** The contract's own checks (shared/src/contracts/offers.ts), run before the request. */
export function offerFormErrors(body: StorefrontOfferBody): Set<OfferField> {
  const result = z.safeParse(storefrontOfferBodySchema, body);
  const fields = new Set<OfferField>();
  if (result.success) return fields;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (field) fields.add(field);
  }
  return fields;
}
