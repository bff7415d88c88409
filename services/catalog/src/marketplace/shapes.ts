import * as z from 'zod/mini';

/**
 * The marketplace API's answers (StockX API v2 shapes, plus `media` which the emulator
 * adds). Everything upstream is validated before use: a field the API may omit is
 * optional and nullable here, and unknown fields pass through (the test page shows the
 * raw answer), so only a truly broken answer becomes a MarketplaceError.
 */
const maybe = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema));

/** StockX writes amounts as strings ("250"), the emulator as numbers: accept both. */
const amount = maybe(z.union([z.number(), z.string()]));

export const mpProductSchema = z.looseObject({
  productId: z.string().check(z.minLength(1)),
  urlKey: maybe(z.string()),
  styleId: maybe(z.string()),
  productType: maybe(z.string()),
  title: z.string(),
  brand: z.string(),
  productAttributes: maybe(
    z.looseObject({
      gender: maybe(z.string()),
      season: maybe(z.string()),
      releaseDate: maybe(z.string()),
      retailPrice: maybe(z.union([z.number(), z.string()])),
      colorway: maybe(z.string()),
      color: maybe(z.string()),
    }),
  ),
  media: maybe(
    z.looseObject({
      imageUrl: maybe(z.string()),
      smallImageUrl: maybe(z.string()),
      thumbUrl: maybe(z.string()),
    }),
  ),
});
export type MpProduct = z.infer<typeof mpProductSchema>;

const conversion = z.looseObject({ size: z.string(), type: z.string() });
export type MpSizeConversion = z.infer<typeof conversion>;

export const mpVariantSchema = z.looseObject({
  productId: z.string().check(z.minLength(1)),
  variantId: z.string().check(z.minLength(1)),
  variantName: maybe(z.string()),
  variantValue: maybe(z.string()),
  sizeChart: maybe(
    z.looseObject({
      defaultConversion: maybe(conversion),
      availableConversions: maybe(z.array(conversion)),
    }),
  ),
  gtins: maybe(z.array(z.looseObject({ identifier: z.string(), type: maybe(z.string()) }))),
  isFlexEligible: maybe(z.boolean()),
  isDirectEligible: maybe(z.boolean()),
});
export type MpVariant = z.infer<typeof mpVariantSchema>;

export const mpMarketDataSchema = z.looseObject({
  productId: z.string(),
  variantId: maybe(z.string()),
  currencyCode: z.string(),
  lowestAskAmount: amount,
  highestBidAmount: amount,
  sellFasterAmount: amount,
  earnMoreAmount: amount,
  flexLowestAskAmount: amount,
});
export type MpMarketData = z.infer<typeof mpMarketDataSchema>;

/** The page envelope is checked strictly; its products one by one (see MpSearchPage). */
export const mpSearchEnvelopeSchema = z.looseObject({
  count: z.int().check(z.minimum(0)),
  pageSize: z.int().check(z.minimum(1)),
  pageNumber: z.int().check(z.minimum(1)),
  hasNextPage: z.boolean(),
  products: z.array(z.unknown()),
});

export interface MpSearchPage {
  count: number;
  pageSize: number;
  pageNumber: number;
  hasNextPage: boolean;
  products: MpProduct[];
  /**
   * Products of the page that did not validate: left out rather than failing the whole
   * page, so one bad record upstream costs one product (imports count it as failed).
   */
  rejected: number;
}

export const tokenResponseSchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.optional(z.number().check(z.positive())),
});

export const credentialsSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  clientId: z.string().check(z.minLength(1)),
  clientSecret: z.string().check(z.minLength(1)),
});
export type MarketplaceCredentials = z.infer<typeof credentialsSchema>;
