import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '@sneakers/shared/demo';
import { visibleNavGroups } from '../../web/src/app/dashboard/model/navigation';
import { sectionHref, type SectionId } from '../../web/src/lib/sections';
import { expectSectionShown, navigateInApp } from './in-app-navigation';

/**
 * What the accessibility and phone-width journeys share: the dashboard sections a store sees
 * (read from the web's navigation model, so a new section is covered as soon as it is in the
 * sidebar) and the axe check.
 */

/** Every section the sidebar shows a store (settings sits in its footer). */
export function storeSections(): { id: SectionId; href: string }[] {
  const ids = visibleNavGroups({ role: 'store', isSuperuser: false }).flatMap((g) =>
    g.items.map((i) => i.id),
  );
  return [...ids, 'settings' as const].map((id) => ({ id, href: sectionHref(id) }));
}

/**
 * Signs in as the demo store, loads the app once and moves to each section through the router,
 * a `test.step` per section: `check` runs once the section is shown, and should fail softly so
 * one run names every section that fails.
 */
export async function walkDashboardSections(
  page: Page,
  sections: readonly { id: SectionId; href: string }[],
  check: (section: SectionId) => Promise<void>,
) {
  await enterDemo(page);
  await page.goto('/dashboard');
  for (const section of sections)
    await test.step(section.id, async () => {
      await navigateInApp(page, section.href);
      await expectSectionShown(page, section.id);
      await check(section.id);
    });
}

/** The demo store's public WTB list: items, urgent badges, BULK sizes. */
export const DEMO_LIST_PATH = `/share/${DEMO.userId}/wtb`;

// The demo session as Try Demo leaves it in localStorage: later pages start signed in.
let demoStorage: [string, string][] | undefined;

/**
 * Signs this page in as the read-only demo store: from the landing page as a visitor does the
 * first time, then (many sections, one test each) by restoring what that left in storage.
 */
export async function enterDemo(page: Page) {
  if (demoStorage) {
    await page.addInitScript((entries) => {
      // Runs in the browser; typed by hand because the test code compiles without DOM types.
      const store = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      for (const [key, value] of entries) store.setItem(key, value);
    }, demoStorage);
    return;
  }
  await page.goto('/');
  await page.getByTestId('try-demo').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Below 768 px (the phone-width journey) the sidebar, with the badge, is a closed sheet: open
  // it to look, so a phone-width run does not depend on a wider journey signing in first in
  // this worker (a failure anywhere earlier restarts the worker and drops `demoStorage`).
  const trigger = page.getByTestId('sidebar-trigger');
  await expect(trigger).toBeVisible();
  const inSheet = !(await page.getByTestId('sidebar').isVisible());
  if (inSheet) await trigger.click();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  if (inSheet) {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar')).toBeHidden();
  }
  const { origins } = await page.context().storageState();
  demoStorage = origins.flatMap((o) => o.localStorage.map((e): [string, string] => [e.name, e.value]));
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One entry per failing node: rule, impact, selector, the element and axe's own explanation. */
function describe(violations: Violations): string {
  return violations
    .flatMap((v) =>
      v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
        return `  [${v.impact}] ${v.id} at ${n.target.join(' ')}\n      ${html}\n      ${why}`;
      }),
    )
    .join('\n');
}

export interface AxeOptions {
  /**
   * Also axe's best-practice rules (landmarks, heading order, content outside regions), every
   * impact failing: for the screens that already pass them, so they stay that way.
   */
  strict?: boolean;
}

/**
 * Fails (softly, so one run lists every screen's problems) on any serious or critical WCAG 2.1
 * A/AA violation of the page as it is now.
 */
export async function expectAccessible(page: Page, screen: string, options: AxeOptions = {}) {
  const tags = options.strict ? [...WCAG_TAGS, 'best-practice'] : WCAG_TAGS;
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const failing = results.violations.filter((v) => options.strict || BLOCKING.has(v.impact ?? ''));
  expect.soft(failing.length, `axe violations on ${screen}:\n${describe(failing)}\n`).toBe(0);
}
