import * as z from 'zod/mini';
import { CURRENCIES } from '../money';
import { defineContract } from './contract';
import { cents } from './fields';

/**
 * The store's overview (/dashboard): figures for a period from aggregates kept as sales,
 * stock, bookings and consignments change (services/commerce README), never by reading
 * every sale: at most 3 DynamoDB requests.
 */
export const OVERVIEW_PERIODS = ['7d', '30d', '90d', '12m', 'ytd'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
/** An inventory item in stock this long without selling is dead stock. */
export const DEAD_STOCK_DAYS = 90;
export const DEAD_STOCK_SHOWN = 10;

export const overviewSchema = z.object({
  period: z.enum(OVERVIEW_PERIODS),
  from: z.iso.date(),
  to: z.iso.date(),
  currency: z.enum(CURRENCIES),
  /** Currencies the store has sales or stock in (the switcher). */
  currencies: z.array(z.enum(CURRENCIES)),
  totals: z.object({
    revenue: z.int(),
    cost: z.int(),
    fees: z.int(),
    profit: z.int(),
    /** profit / revenue × 100, one decimal; null without revenue. */
    marginPercent: z.nullable(z.number()),
    units: z.int(),
    sales: z.int(),
  }),
  /** Inventory at cost (purchase price × pairs in stock). */
  stock: z.object({ value: cents, units: z.int() }),
  /** Prepaid amounts of active and found bookings. */
  depositsHeld: cents,
  /** Sold consignments not yet paid to their providers. */
  owedToProviders: cents,
  /** Per day for 7d/30d/90d, per month for 12m/ytd; every bucket present (zeros included). */
  bucket: z.enum(['day', 'month']),
  series: z.array(z.object({ date: z.string(), revenue: z.int(), profit: z.int(), units: z.int() })),
  byBrand: z.array(z.object({ brand: z.string(), revenue: z.int(), units: z.int() })),
  topSellers: z.array(z.object({ sku: z.string(), name: z.string(), revenue: z.int(), units: z.int() })),
  /** The oldest inventory items unsold for DEAD_STOCK_DAYS or more (at most DEAD_STOCK_SHOWN). */
  deadStock: z.array(
    z.object({
      itemId: z.string(),
      sku: z.string(),
      name: z.string(),
      imageUrl: z.nullable(z.string()),
      sizes: z.array(z.string()),
      purchasePrice: z.nullable(cents),
      currency: z.enum(CURRENCIES),
      daysInStock: z.int(),
    }),
  ),
  deadStockMore: z.boolean(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const getOverview = defineContract({
  id: 'commerce.overview.get',
  method: 'GET',
  path: '/api/overview',
  auth: 'user',
  query: z.object({
    period: z.optional(z.enum(OVERVIEW_PERIODS)),
    currency: z.optional(z.enum(CURRENCIES)),
  }),
  response: z.object({ overview: overviewSchema }),
});

export const overviewContracts = [getOverview] as const;
