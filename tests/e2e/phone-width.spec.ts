import { expect, test, type Page } from '@playwright/test';
import { DEMO_LIST_PATH, storeSections, walkDashboardSections } from './a11y-support';

/**
 * Every screen fits a 360 px phone: nothing scrolls sideways and no element is wider than the
 * screen (issue 11: the WTB list was 664 px wide on a phone, cutting off price, Edit and Delete).
 */
const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 }, locale: 'en-US' });

interface Overflow {
  scrollWidth: number;
  offenders: string[];
}

// The measuring code runs in the browser; this suite compiles without DOM types, so the few
// DOM members it uses are declared here.
interface Box {
  width: number;
  right: number;
}
interface El {
  tagName: string;
  id: string;
  classList: { length: number; [index: number]: string };
  parentElement: El | null;
  children: { length: number; [index: number]: El };
  getAttribute(name: string): string | null;
  getBoundingClientRect(): Box;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
}
interface BrowserGlobals {
  innerWidth: number;
  document: { documentElement: El & { scrollWidth: number }; body: El };
  getComputedStyle(el: El): { overflowX: string };
}

/** The page's scroll width and the innermost elements that stick out of the viewport. */
function measureOverflow(): Overflow {
  const { innerWidth, document, getComputedStyle } = globalThis as unknown as BrowserGlobals;
  const tooWide = (el: El) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && (box.width > innerWidth + 0.5 || box.right > innerWidth + 0.5);
  };
  // Content an ancestor clips on purpose (truncated text, a carousel) scrolls nothing.
  const clipped = (el: El) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (['hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return true;
    return false;
  };
  const name = (el: El): string => {
    const testId = el.getAttribute('data-testid');
    if (testId) return `[data-testid="${testId}"]`;
    const classes = Array.from({ length: Math.min(el.classList.length, 3) }, (_, i) => el.classList[i]);
    return [el.tagName.toLowerCase(), el.id ? `#${el.id}` : '', ...classes.map((c) => `.${c}`)].join('');
  };
  const path = (el: El): string => {
    const parts: string[] = [];
    for (let a: El | null = el; a && a !== document.body && parts.length < 4; a = a.parentElement) {
      parts.unshift(name(a));
      if (a.getAttribute('data-testid')) break;
    }
    return parts.join(' > ');
  };
  const offenders: string[] = [];
  const visit = (el: El): boolean => {
    let childTooWide = false;
    for (let i = 0; i < el.children.length; i++) if (visit(el.children[i]!)) childTooWide = true;
    const self =
      el.checkVisibility({ visibilityProperty: true }) && tooWide(el) && !clipped(el) ? true : false;
    // Only the innermost: a too-wide table makes every ancestor too wide as well.
    if (self && !childTooWide)
      offenders.push(`${path(el)} (${Math.round(el.getBoundingClientRect().width)} px wide)`);
    return self || childTooWide;
  };
  visit(document.body);
  return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 10) };
}

async function expectFits(page: Page, screen: string) {
  const { scrollWidth, offenders } = await page.evaluate(measureOverflow);
  expect
    .soft(
      { scrollWidth: scrollWidth <= WIDTH ? 'fits' : `${scrollWidth} px`, offenders },
      `${screen} at ${WIDTH} px: elements wider than the screen`,
    )
    .toEqual({ scrollWidth: 'fits', offenders: [] });
}

test('the landing page, /auth and the public list fit a 360 px phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('try-demo')).toBeVisible();
  await expectFits(page, 'landing');
  // The measure itself: a row as wide as the WTB list was is found, by its test id.
  await page.evaluate(() => {
    type Node = { setAttribute(n: string, v: string): void; style: { width: string } };
    const doc = (
      globalThis as unknown as {
        document: { createElement(t: string): Node; body: { append(n: Node): void } };
      }
    ).document;
    const row = doc.createElement('div');
    row.setAttribute('data-testid', 'too-wide-probe');
    row.style.width = '664px';
    doc.body.append(row);
  });
  expect((await page.evaluate(measureOverflow)).offenders).toEqual([
    '[data-testid="too-wide-probe"] (664 px wide)',
  ]);
  await page.goto('/auth');
  await expect(page.getByTestId('signin-email')).toBeVisible();
  await expectFits(page, '/auth');
  await page.goto(DEMO_LIST_PATH);
  await expect(page.getByTestId('public-item-card').first()).toBeVisible();
  await expectFits(page, 'public list');
  await page.getByTestId('size-chip').first().click();
  await page.getByTestId('make-offer').click();
  await expect(page.getByTestId('offer-modal')).toBeVisible();
  await expectFits(page, 'offer modal');
});

test('every dashboard section of the demo store fits a 360 px phone', async ({ page }) => {
  const sections = storeSections();
  test.setTimeout(sections.length * 10_000);
  await walkDashboardSections(page, sections, (id) => expectFits(page, `dashboard section ${id}`));
});
