import { checkoutCreateSchema, type CheckoutCreate } from '@sneakers/shared/contracts/storefront';

export interface BuyFormValues {
  name: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
}

export const EMPTY_BUY_FORM: BuyFormValues = {
  name: '',
  email: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
};

export type BuyField = keyof BuyFormValues | 'size';

export function checkoutBody(
  values: BuyFormValues,
  productId: string,
  size: string,
  locale: 'en' | 'es',
): CheckoutCreate {
  return {
    productId,
    size,
    name: values.name,
    email: values.email,
    phone: values.phone,
    shipping: {
      line1: values.line1,
      ...(values.line2.trim() ? { line2: values.line2 } : {}),
      city: values.city,
      postalCode: values.postalCode,
      country: values.country,
    },
    locale,
  };
}

/**
 * The contract's own checks (shared/src/contracts/storefront.ts), run before the request: the
 * fields it refuses, each named by its input (`shipping.city` is `city`). The texts are the
 * feature's translations of the contract's messages.
 */
export function buyFormErrors(body: CheckoutCreate): Set<BuyField> {
  const result = checkoutCreateSchema.safeParse(body);
  const fields = new Set<BuyField>();
  if (result.success) return fields;
  for (const issue of result.error.issues) {
    const last = issue.path[issue.path.length - 1];
    if (typeof last === 'string' && isBuyField(last)) fields.add(last);
  }
  return fields;
}

function isBuyField(name: string): name is BuyField {
  return name === 'size' || Object.hasOwn(EMPTY_BUY_FORM, name);
}

/** A few countries first (the stores' markets), then the rest the browser can name. */
export const COUNTRIES = [
  'ES',
  'PT',
  'FR',
  'DE',
  'IT',
  'NL',
  'BE',
  'GB',
  'IE',
  'US',
  'AT',
  'CH',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'GR',
  'LU',
  'MX',
  'AR',
  'CL',
  'CO',
  'CA',
] as const;

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
