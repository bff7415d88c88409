import {
  STOREFRONT_CONTACT_MAX,
  STOREFRONT_DESCRIPTION_MAX,
  STOREFRONT_NAME_MAX,
  STOREFRONT_RETURNS_MAX,
  type StorefrontList,
  type StorefrontSetup,
  type StorefrontSetupUpdate,
} from '@sneakers/shared/contracts/storefront';

/** The set-up form's values as typed (docs/product/online-store.md#the-online-store-section). */
export interface SetupFormValues {
  enabled: boolean;
  name: string;
  logoUrl: string;
  bannerUrl: string;
  description: string;
  contact: string;
  returnsText: string;
  lists: StorefrontList[];
  virtualProductIds: string[];
}

export type SetupFormErrors = Partial<
  Record<'name' | 'logoUrl' | 'bannerUrl' | 'description' | 'contact' | 'returnsText', string>
>;

export function formValuesOf(setup: StorefrontSetup): SetupFormValues {
  return {
    enabled: setup.enabled,
    name: setup.name,
    logoUrl: setup.logoUrl ?? '',
    bannerUrl: setup.bannerUrl ?? '',
    description: setup.description,
    contact: setup.contact,
    returnsText: setup.returnsText,
    lists: [...setup.lists],
    virtualProductIds: [...setup.virtualProductIds],
  };
}

/** The contract's own rule for an image link (absolute http(s) or a path on this site). */
const LINK = /^(https?:\/\/|\/)\S*$/;

/** Error keys (i18n, under storefront.errors) per field; empty when the form may be saved. */
export function validateSetup(values: SetupFormValues): SetupFormErrors {
  const errors: SetupFormErrors = {};
  const link = (value: string) => value.trim() !== '' && !LINK.test(value.trim());
  if (link(values.logoUrl)) errors.logoUrl = 'link';
  if (link(values.bannerUrl)) errors.bannerUrl = 'link';
  const long = (value: string, max: number) => value.trim().length > max;
  if (long(values.name, STOREFRONT_NAME_MAX)) errors.name = 'tooLong';
  if (long(values.description, STOREFRONT_DESCRIPTION_MAX)) errors.description = 'tooLong';
  if (long(values.contact, STOREFRONT_CONTACT_MAX)) errors.contact = 'tooLong';
  if (long(values.returnsText, STOREFRONT_RETURNS_MAX)) errors.returnsText = 'tooLong';
  return errors;
}

const linkOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function updateBodyOf(values: SetupFormValues): StorefrontSetupUpdate {
  return {
    enabled: values.enabled,
    name: values.name.trim(),
    logoUrl: linkOrNull(values.logoUrl),
    bannerUrl: linkOrNull(values.bannerUrl),
    description: values.description.trim(),
    contact: values.contact.trim(),
    returnsText: values.returnsText.trim(),
    lists: values.lists,
    virtualProductIds: values.virtualProductIds,
  };
}

/** Adds or removes one value, keeping the others' order. */
export function toggled<T>(values: readonly T[], value: T, on: boolean): T[] {
  const without = values.filter((v) => v !== value);
  return on ? [...without, value] : without;
}
