import { describe, expect, it } from 'vitest';
import { extractNextData, parseReleasePage, ReleasePageError } from '../../src/releases/parse';
import { calendarPage, release } from '../support/fake-marketplace';

describe('release calendar page parsing', () => {
  it('reads the releases from the __NEXT_DATA__ script, past decoys in comments, divs and other scripts', () => {
    const page = parseReleasePage(
      calendarPage([release(), release({ styleId: 'GW2871', brand: 'adidas' })], { page: 1, totalPages: 3 }),
    );
    expect(page.releases.map((r) => r.styleId)).toEqual(['DD1391-100', 'GW2871']);
    expect([page.totalFound, page.issues, page.page, page.totalPages]).toEqual([2, [], 1, 3]);
  });

  it('keeps markup-looking and escaped text inside the JSON intact', () => {
    const page = parseReleasePage(calendarPage([release({ title: 'Air Max 1 "</script> & <b>Patta</b>"' })]));
    expect(page.releases[0]?.title).toBe('Air Max 1 "</script> & <b>Patta</b>"');
  });

  it('counts a malformed release as an issue and keeps the others', () => {
    const page = parseReleasePage(
      calendarPage([
        release({ styleId: 'A1' }),
        release({ styleId: undefined }),
        release({ styleId: 'B2', releaseDate: '2030-02-31' }),
        release({ styleId: 'C3', retailPrice: -5 }),
        'not an object',
        null,
        release({ styleId: 'D4', variants: [{ sizeChart: { availableConversions: 'US 9' } }] }),
        release({ styleId: 'E5', releaseDate: null, media: null, variants: null, gender: null }),
      ]),
    );
    expect(page.releases.map((r) => r.styleId)).toEqual(['A1', 'E5']);
    expect(page.totalFound).toBe(8);
    expect(page.issues.map((i) => [i.index, i.styleId])).toEqual([
      [1, null],
      [2, 'B2'],
      [3, 'C3'],
      [4, null],
      [5, null],
      [6, 'D4'],
    ]);
    expect(page.issues[1]?.problem).toContain('releaseDate');
  });

  it('survives broken markup around the data', () => {
    const html = `<html><body><div><p>unclosed <b>tags <article><img src=x>
      <script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { releases: [release()] } } })}</script>
      <div><span>`;
    const page = parseReleasePage(html);
    expect(page.releases).toHaveLength(1);
    expect([page.page, page.totalPages]).toEqual([1, 1]);
  });

  it('reads a data script that the page cut off before its end tag', () => {
    const json = JSON.stringify({ props: { pageProps: { releases: [release()] } } });
    expect(extractNextData(`<script id="__NEXT_DATA__">${json}`)).toBe(json);
  });

  it.each([
    [
      'no data script',
      calendarPage([]).replace(/<script id="__NEXT_DATA__"[^]*?<\/script>\s*<script src/, '<script src'),
      'missing',
    ],
    ['an empty page', '', 'missing'],
    ['plain text', 'Service Unavailable', 'missing'],
    [
      'broken JSON',
      calendarPage([], undefined, '{"props": {"pageProps": {"releases": [1, 2'),
      'not valid JSON',
    ],
    [
      'no release list',
      calendarPage([], undefined, '{"props":{"pageProps":{"items":[]}}}'),
      'no list of releases',
    ],
    [
      'releases not a list',
      calendarPage([], undefined, '{"props":{"pageProps":{"releases":{}}}}'),
      'no list of releases',
    ],
  ])('refuses %s', (_name, html, message) => {
    expect(() => parseReleasePage(html)).toThrow(ReleasePageError);
    expect(() => parseReleasePage(html)).toThrow(message);
  });

  it('finds nothing in a page without the script, even when the id is written elsewhere', () => {
    expect(
      extractNextData('<div id="__NEXT_DATA__">{}</div><!-- <script id="__NEXT_DATA__">{}</script> -->'),
    ).toBe(undefined);
  });
});
