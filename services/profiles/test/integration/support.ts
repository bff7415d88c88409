import type { ProfileCreate } from '@sneakers/shared/contracts/profiles';
import { raw } from '../../../../tests/support/cloud-client';

/** The onboarding form of a reseller (consignor, stored as reseller), in Spanish. */
export const onboarding: ProfileCreate = {
  role: 'consignor',
  businessName: 'Sole Flip',
  contactEmail: 'contact@soleflip.example',
  phone: '+34 600123456',
  location: 'Valencia, Spain',
  instagramHandle: 'soleflip',
  preferredContact: 'instagram',
  currency: 'EUR',
  language: 'es',
  publicWtbList: false,
  publicWtsList: true,
};

/** A raw JSON request through the local gateway (signed in when `token` is given), for bodies the typed client refuses. */
export function send(token: string | undefined, method: string, path: string, body: unknown) {
  return raw(path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
