// Only the tokenizer-driven Parser: the DOM handler and feed readers would bloat the bundle.
import { Parser } from 'htmlparser2';
import * as z from 'zod/mini';
import { sourceReleaseSchema, type ReleaseIssue, type SourceRelease } from './release-shape';

export { sourceReleaseSchema, type ReleaseIssue, type SourceRelease } from './release-shape';

/**
 * The release calendar page (docs/product/catalogue.md#release-scraper): a Next.js page whose data
 * sits as JSON in `<script id="__NEXT_DATA__" type="application/json">` under
 * `props.pageProps` (`releases` and `pagination`). The markup is read with a real HTML
 * parser (the visible cards are only a rendering of that JSON); each release is validated
 * on its own, so one malformed release is counted and the others are kept.
 */

/** The page could not be read at all (no data script, broken JSON, no release list). */
export class ReleasePageError extends Error {
  override name = 'ReleasePageError';
}

const pageDataSchema = z.object({
  props: z.object({
    pageProps: z.object({
      releases: z.array(z.unknown()),
      pagination: z.optional(
        z.nullable(
          z.object({
            page: z.optional(z.int().check(z.minimum(1))),
            totalPages: z.optional(z.int().check(z.minimum(0))),
          }),
        ),
      ),
    }),
  }),
});

export interface ReleasePage {
  releases: SourceRelease[];
  issues: ReleaseIssue[];
  /** Releases listed on the page, malformed ones included. */
  totalFound: number;
  page: number;
  totalPages: number;
}

const NEXT_DATA_ID = '__NEXT_DATA__';

/**
 * The text of `<script id="__NEXT_DATA__">`, or undefined when the page has none. The
 * parser treats script content as raw text, so markup-looking strings inside the JSON
 * cannot end the element early.
 */
export function extractNextData(html: string): string | undefined {
  let state: 'before' | 'inside' | 'done' = 'before';
  let data = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (state === 'before' && name === 'script' && attributes.id === NEXT_DATA_ID) state = 'inside';
      },
      ontext(chunk) {
        if (state === 'inside') data += chunk;
      },
      onclosetag(name) {
        if (state === 'inside' && name === 'script') state = 'done';
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return state === 'before' ? undefined : data;
}

function describeIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid release';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'release';
  return `${where}: ${issue.message}`;
}

function styleIdOf(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const styleId: unknown = Reflect.get(raw, 'styleId');
  return typeof styleId === 'string' ? styleId : null;
}

/** The releases of one calendar page; throws ReleasePageError when the page holds no readable data. */
export function parseReleasePage(html: string): ReleasePage {
  const json = extractNextData(html);
  if (json === undefined || json.trim() === '')
    throw new ReleasePageError('The release calendar page has no release data (__NEXT_DATA__ is missing).');
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new ReleasePageError('The release calendar data is not valid JSON.');
  }
  const page = z.safeParse(pageDataSchema, data);
  if (!page.success) throw new ReleasePageError('The release calendar data has no list of releases.');

  const { releases: raw, pagination } = page.data.props.pageProps;
  const releases: SourceRelease[] = [];
  const issues: ReleaseIssue[] = [];
  raw.forEach((item, index) => {
    const release = z.safeParse(sourceReleaseSchema, item);
    if (release.success) releases.push(release.data);
    else issues.push({ index, styleId: styleIdOf(item), problem: describeIssue(release.error) });
  });
  const current = pagination?.page ?? 1;
  return {
    releases,
    issues,
    totalFound: raw.length,
    page: current,
    totalPages: Math.max(current, pagination?.totalPages ?? current),
  };
}
