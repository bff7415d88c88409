import type * as z from 'zod/mini';
import type { Variant, variantInputSchema, VariantSize } from '@sneakers/shared/contracts/catalog';
import { gtinKey } from '@sneakers/shared/rules/gtin';
import { compareSizes } from '@sneakers/shared/sizes';

/**
 * A product's variants: their size order, when two labels are one size, and the plan that
 * turns the variants a product has into the ones an input gives it.
 */

export type ParsedVariant = z.output<typeof variantInputSchema>;

/** Variants in size order (the label, by the shared size rule). */
export function sortVariants(variants: readonly Variant[]): Variant[] {
  return [...variants].sort((a, b) => compareSizes(a.label, b.label) || a.id.localeCompare(b.id));
}

/** How two labels of one product are the same size: case and spacing do not matter. */
export function variantLabelKey(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toUpperCase();
}

function sizeOf(input: ParsedVariant['size']): VariantSize {
  return {
    brand: input?.brand ?? null,
    eu: input?.eu || null,
    usM: input?.usM || null,
    usW: input?.usW || null,
    uk: input?.uk || null,
    jpCm: input?.jpCm || null,
  };
}

/** The fields that make a variant different (not its id, product or timestamp). */
const variantContent = (v: Variant) =>
  JSON.stringify([v.label, v.retailPrice, v.size, v.marketplaceVariantId, v.gtin]);

export interface VariantPlan {
  /** Every variant after the change. */
  variants: Variant[];
  put: Variant[];
  deleteIds: string[];
  added: number;
  updated: number;
  removed: number;
}

/**
 * The variants a product ends with: each input keeps the id of the existing variant it
 * matches (same marketplace variant id, else the same label), unchanged ones are not
 * rewritten, and existing variants no input matches go. Repeated labels: the last wins.
 */
export function planVariants(
  productId: string,
  existing: readonly Variant[],
  inputs: readonly ParsedVariant[],
  at: string,
  nextId: () => string,
): VariantPlan {
  const byMarketplaceId = new Map(
    existing.filter((v) => v.marketplaceVariantId).map((v) => [v.marketplaceVariantId, v] as const),
  );
  const byLabel = new Map(existing.map((v) => [variantLabelKey(v.label), v] as const));
  const wanted = new Map<string, ParsedVariant>();
  for (const input of inputs) {
    const key = variantLabelKey(input.label);
    wanted.delete(key);
    wanted.set(key, input);
  }
  const kept = new Set<string>();
  const variants: Variant[] = [];
  const put: Variant[] = [];
  let added = 0;
  let updated = 0;
  for (const [key, input] of wanted) {
    const candidate =
      (input.marketplaceVariantId ? byMarketplaceId.get(input.marketplaceVariantId) : undefined) ??
      byLabel.get(key);
    const match = candidate && !kept.has(candidate.id) ? candidate : undefined;
    const variant: Variant = {
      id: match?.id ?? nextId(),
      productId,
      label: input.label,
      retailPrice: input.retailPrice ?? null,
      size: sizeOf(input.size),
      marketplaceVariantId: input.marketplaceVariantId ?? null,
      gtin: input.gtin ? gtinKey(input.gtin) : null,
      updatedAt: at,
    };
    if (!match) {
      added += 1;
      put.push(variant);
      variants.push(variant);
      continue;
    }
    kept.add(match.id);
    if (variantContent(match) === variantContent(variant)) {
      variants.push(match);
    } else {
      updated += 1;
      put.push(variant);
      variants.push(variant);
    }
  }
  const deleteIds = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  return { variants, put, deleteIds, added, updated, removed: deleteIds.length };
}
