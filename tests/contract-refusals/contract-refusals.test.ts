import { readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ApiError } from '@sneakers/shared/api-client';
import { describeIssues, type Contract } from '@sneakers/shared/contracts/contract';
import { FIELD_CODES } from '@sneakers/shared/contracts/field-issues';
import { MAX_AMOUNT_CENTS } from '@sneakers/shared/rules/amounts';
import { withFieldTexts } from '../../web/src/lib/field-errors';
import {
  deleteAt,
  setAt,
  sitesOf,
  unwrap,
  validSample,
  type Site,
} from '../route-suites/support/contract-values';
import { contracts, routeLabel } from '../route-suites/support/routes';

/**
 * Every contract's refusals, as a person would see them (docs/product/errors.md#field-messages):
 * for each route with a body, each field is sent too big, too small, of the wrong type and
 * missing; what the API would answer (`describeIssues`, as route() does) goes through the SPA's
 * one error-to-text function in English and Spanish. No text may be zod's, and each must be one
 * of the translated field texts.
 */
const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

/** What zod says when nobody worded an issue (its locales and its bare default). */
const ZOD_WORDING = /invalid input|expected|received|too big|too small|<=|>=|Invalid (string|number|option)/i;

const translators = new Map<Language, TFunction>();
const knownTexts = new Map<Language, RegExp[]>();

beforeAll(async () => {
  for (const lng of LANGUAGES) {
    const strings = JSON.parse(
      readFileSync(new URL(`../../web/src/i18n/${lng}.json`, import.meta.url), 'utf8'),
    ) as {
      fieldIssue: Record<string, string>;
    };
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: strings } },
      interpolation: { escapeValue: false },
    });
    translators.set(lng, i18n.t.bind(i18n));
    knownTexts.set(
      lng,
      FIELD_CODES.map((code) => {
        const template = strings.fieldIssue[code] ?? '';
        const escaped = template
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('\\{\\{limit\\}\\}', '[\\d.,\\s\\u00a0]+');
        return new RegExp(`^${escaped}$`);
      }),
    );
  }
});

/** Refusals of one field: each a label and the body with that field broken. */
function refusalsOf(site: Site, base: unknown): { label: string; value: unknown }[] {
  const at = (label: string, replacement: unknown) => ({
    label: `${label} ${site.path.join('.')}`,
    value: setAt(base, site.path, replacement),
  });
  const out = [at('wrong type', site.kind === 'string' || site.kind === 'enum' ? 12345 : 'text')];
  if (site.required && site.present)
    out.push({ label: `missing ${site.path.join('.')}`, value: deleteAt(base, site.path) });
  if (site.kind === 'number')
    out.push(at('too big', 99_999_999_999_999_00), at('too small', -1), at('fraction', 0.5));
  if (site.kind === 'string') out.push(at('too big', 'x'.repeat(100_000)), at('too small', ''));
  if (site.kind === 'array')
    out.push(
      at(
        'too big',
        Array.from({ length: 1000 }, () => 'x'),
      ),
      at('too small', []),
    );
  return out;
}

/** The body's fields with a valid sample: per option of a union body (an offer's answer), else one. */
function samplesOf(c: Contract): { sites: Site[]; base: unknown }[] {
  const body = unwrap(c.body).schema;
  const options = body instanceof z.core.$ZodUnion ? body._zod.def.options : [c.body];
  return options.map((option, i) => {
    const base = validSample(option, `${routeLabel(c)} body option ${i}`);
    return { sites: sitesOf(option, base).filter((s) => s.path.length > 0), base };
  });
}

// A raw body (the provider's signed webhook) has no fields to word: its signature decides.
const withBody = contracts.filter(
  (c) => !c.rawBody && !(unwrap(c.body).kind === 'object' && sitesOf(c.body, {}).length === 1),
);

describe('every contract refusal reads as words, in English and Spanish', () => {
  it('covers the routes with a body', () => {
    expect(withBody.length).toBeGreaterThan(50);
  });

  it.each(withBody.map((c) => [routeLabel(c), c] as const))('%s', (_label, c) => {
    const problems: string[] = [];
    let refused = 0;
    for (const { sites, base } of samplesOf(c))
      for (const site of sites)
        for (const { label, value } of refusalsOf(site, base)) {
          const result = z.safeParse(c.body, value);
          if (result.success) continue;
          refused++;
          const { fields, issues } = describeIssues(result.error);
          for (const [field, words] of Object.entries(fields))
            for (const text of words)
              if (ZOD_WORDING.test(text))
                problems.push(`${label}: the API says "${text}" for ${field || '(body)'}`);
          const answer = new ApiError(
            400,
            'VALIDATION_FAILED',
            'Some fields are not valid.',
            fields,
            undefined,
            issues,
          );
          for (const lng of LANGUAGES) {
            const shown = withFieldTexts(answer, translators.get(lng)!, lng);
            const texts = shown instanceof ApiError ? Object.entries(shown.fields ?? {}) : [];
            for (const [field, list] of texts)
              for (const text of list)
                if (ZOD_WORDING.test(text) || !knownTexts.get(lng)!.some((known) => known.test(text)))
                  problems.push(`${label} (${lng}): the screen shows "${text}" for ${field || '(body)'}`);
          }
        }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  });

  it('words the amount bound in both languages with the published figure', () => {
    const texts = LANGUAGES.map((lng) => translators.get(lng)!('fieldIssue.AMOUNT_TOO_LARGE'));
    const figures = LANGUAGES.map((lng) =>
      new Intl.NumberFormat(lng, { minimumFractionDigits: 2, useGrouping: true }).format(
        MAX_AMOUNT_CENTS / 100,
      ),
    );
    expect(texts[0]).toContain(figures[0]);
    expect(texts[1]).toContain(figures[1]);
  });
});
