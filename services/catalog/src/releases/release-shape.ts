import * as z from 'zod/mini';

/**
 * A release as the calendar publishes it, apart from the page parser (htmlparser2): the
 * fetcher validates it when it reads the page and catalog-ingest again when the fetcher's
 * answer arrives (src/fetcher/protocol.ts), without bundling the parser.
 */

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));
const euros = z.number().check(z.minimum(0), z.maximum(1_000_000));

const conversionSchema = z.object({ size: text(40), type: text(20) });

const releaseVariantSchema = z.object({
  id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  sizeChart: z.optional(
    z.nullable(
      z.object({
        defaultConversion: z.optional(z.nullable(conversionSchema)),
        availableConversions: z.optional(z.nullable(z.array(conversionSchema))),
      }),
    ),
  ),
  retailPrice: z.optional(z.nullable(euros)),
});

/** One release as the calendar publishes it (extra fields ignored). Limits match the product input's. */
export const sourceReleaseSchema = z.object({
  id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  urlKey: optionalText(200),
  styleId: text(40),
  title: text(200),
  brand: text(60),
  productCategory: optionalText(40),
  gender: optionalText(20),
  colorway: optionalText(160),
  media: z.optional(z.nullable(z.object({ imageUrl: z.optional(z.nullable(z.string())) }))),
  releaseDate: z.optional(z.nullable(z.iso.date())),
  retailPrice: z.optional(z.nullable(euros)),
  status: optionalText(20),
  variants: z.optional(z.nullable(z.array(releaseVariantSchema).check(z.maxLength(200)))),
});
export type SourceRelease = z.infer<typeof sourceReleaseSchema>;

export { releaseIssueSchema, type ReleaseIssue } from './release-issue';
