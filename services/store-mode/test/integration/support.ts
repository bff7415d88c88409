import { randomUUID } from 'node:crypto';
import { createProduct } from '@sneakers/shared/contracts/catalog';
import { api, newUser } from '../../../../tests/support/cloud-client';

/** An Idempotency-Key no other call uses. */
export const key = () => `key-${randomUUID()}`;

/** A new signed-in user as the API client. */
export async function signedInUser() {
  const { token } = await newUser();
  return api(token);
}

/** 12 random digits: a UPC-A no other test (or run) uses; its GTIN-14 is `00` + the UPC. */
export const uniqueUpc = () => String(Math.floor(Math.random() * 1e12)).padStart(12, '0');

/** A catalogue product with two sizes whose box barcodes are known, written by a superuser. */
export async function productWithBarcodes() {
  const admin = api((await newUser({ superuser: true })).token);
  const upc42 = uniqueUpc();
  const upc43 = uniqueUpc();
  const sku = `SM${upc42.slice(0, 6)}-${upc43.slice(0, 3)}`;
  const { product, variants } = await admin.call(createProduct, {
    body: {
      sku,
      name: 'Air Jordan 1 Retro High OG',
      brand: 'Jordan',
      colorway: 'Chicago',
      variants: [
        { label: 'EU 42', size: { eu: '42', usM: '8.5' }, gtin: upc42 },
        { label: 'EU 43', size: { eu: '43', usM: '9.5' }, gtin: upc43 },
        { label: 'EU 44', size: { eu: '44', usM: '10' } },
      ],
    },
  });
  return { product, variants, upc42, upc43 };
}
