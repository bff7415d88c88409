import { expect, type Page } from '@playwright/test';

/**
 * Moves the app to `path` the way its own links do (history.pushState, then a popstate the
 * router listens to), without loading the page again: a journey that visits every section
 * loads the app once instead of once per section.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // Runs in the browser; typed by hand because the test code compiles without DOM types.
    const w = globalThis as unknown as {
      history: { pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    w.history.pushState(null, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate'));
  }, path);
}

/**
 * A dashboard section as a user reads it: the router has committed its screen (the main area
 * names it), its heading is up and no spinner is left.
 */
export async function expectSectionShown(page: Page, section: string): Promise<void> {
  await expect(page.locator(`main[data-section="${section}"]`)).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(0);
}
