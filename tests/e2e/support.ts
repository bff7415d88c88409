import type { APIRequestContext, Page } from '@playwright/test';
import { localAdminApi } from '../../localstack/src/admin-session';
import { isWelcomeMail } from '../support/welcome-mail';

/** The API as the seeded local superuser, for journeys where an admin acts elsewhere. */
export function adminApi(request: APIRequestContext, baseURL: string) {
  return localAdminApi(baseURL, async (url) => (await request.get(url)).json());
}

/** The password-reset link of the newest reset email the SES emulator holds for an address. */
export async function resetLinkFor(request: APIRequestContext, address: string): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { mailViewerUrl?: string };
  if (!config.mailViewerUrl) throw new Error('No mail viewer in /config.json');
  for (let attempt = 0; attempt < 50; attempt++) {
    const { emails } = (await (await request.get(`${config.mailViewerUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { html?: string; text?: string } }[];
    };
    // The newest email with a link: others (the welcome email) may have come after it.
    const link = emails
      .filter((e) => e.destination.to.includes(address))
      .map((mail) => `${mail.body.text ?? ''} ${mail.body.html ?? ''}`.replace(/&amp;/g, '&'))
      .map((body) => /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?[^\s"'<>]+/.exec(body)?.[0])
      .filter((found) => found !== undefined)
      .at(-1);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No reset email for ${address}`);
}

export interface SentMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

/**
 * Every email the SES emulator holds for an address, oldest first; without the welcome email
 * a new profile gets unless `welcome` is set (tests/support/welcome-mail.ts).
 */
export async function mailsTo(
  request: APIRequestContext,
  address: string,
  options: { welcome?: boolean } = {},
): Promise<SentMail[]> {
  const config = (await (await request.get('/config.json')).json()) as { mailViewerUrl?: string };
  if (!config.mailViewerUrl) throw new Error('No mail viewer in /config.json');
  const { emails } = (await (await request.get(`${config.mailViewerUrl}/store`)).json()) as {
    emails: SentMail[];
  };
  return emails.filter((e) => e.destination.to.includes(address) && (options.welcome || !isWelcomeMail(e)));
}

/**
 * Waits until the local cloud's event pipeline is at rest (`GET /api/health/idle`): every
 * event the journey's writes set off has been handled, so an email that was going to be sent
 * has been. What a journey that proves an email was NOT sent waits for, instead of a guess.
 */
export async function pipelineAtRest(request: APIRequestContext, timeoutMs = 20_000): Promise<void> {
  const res = await request.get(`/api/health/idle?timeoutMs=${timeoutMs}`, { timeout: timeoutMs + 5_000 });
  if (!res.ok()) throw new Error(`The local cloud's event pipeline was still busy after ${timeoutMs} ms`);
}

/** The page's full width: wider than the viewport means sideways scrolling on a phone. */
export async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
}
