import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { cursorField, pageQuery } from '../paging/page';
import { defineContract } from './contract';
import { cents } from './fields';

/**
 * Store mode's contracts (services/store-mode; docs/product/store-mode.md): the counter's
 * stock, which the device keeps so a scanned box finds its pair without the network.
 */
export const STORE_MODE_PAGE_SIZE_MAX = 200;

/** A box barcode of one of the item's sizes: GTIN-14 (shared/src/rules/gtin.ts). */
export const counterCodeSchema = z.object({ gtin: z.string(), size: z.string() });
export type CounterCode = z.infer<typeof counterCodeSchema>;

/** An unsold inventory item as the counter needs it. */
export const counterItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  colorway: z.string(),
  imageUrl: z.nullable(z.string()),
  /** One pair per size; a BULK item holds several pairs of each. */
  sizes: z.array(z.string()),
  isBulk: z.boolean(),
  askingPrice: z.nullable(cents),
  currency: z.enum(CURRENCIES),
  productCatalogId: z.nullable(z.string()),
  /** The barcodes of the sizes the catalogue knows a box for; empty when not linked to it. */
  codes: z.array(counterCodeSchema),
  updatedAt: z.string(),
});
export type CounterItem = z.infer<typeof counterItemSchema>;

/** The caller's unsold inventory with each size's barcode, a page per call, oldest item first. */
export const getCounterStock = defineContract({
  id: 'store-mode.stock.list',
  method: 'GET',
  path: '/api/store-mode/stock',
  auth: 'user',
  query: z.object(pageQuery(STORE_MODE_PAGE_SIZE_MAX)),
  response: z.object({ items: z.array(counterItemSchema), ...cursorField }),
});

export const storeModeContracts = [getCounterStock] as const;
