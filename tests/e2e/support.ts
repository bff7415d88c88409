import type { APIRequestContext } from '@playwright/test';
import { localAdminApi } from '../../localstack/src/admin-session';

/** The API as the seeded local superuser, for journeys where an admin acts elsewhere. */
export function adminApi(request: APIRequestContext, baseURL: string) {
  return localAdminApi(baseURL, async (url) => (await request.get(url)).json());
}

/** The password-reset link of the newest email the SES emulator holds for an address. */
export async function resetLinkFor(request: APIRequestContext, address: string): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { mailViewerUrl?: string };
  if (!config.mailViewerUrl) throw new Error('No mail viewer in /config.json');
  for (let attempt = 0; attempt < 50; attempt++) {
    const { emails } = (await (await request.get(`${config.mailViewerUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; body: { html?: string; text?: string } }[];
    };
    const mail = emails.filter((e) => e.destination.to.includes(address)).at(-1);
    const body = `${mail?.body.text ?? ''} ${mail?.body.html ?? ''}`.replace(/&amp;/g, '&');
    const link = /https?:\/\/[^\s"'<>]+\/auth\/reset-password\?[^\s"'<>]+/.exec(body)?.[0];
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

/** Every email the SES emulator holds for an address, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<SentMail[]> {
  const config = (await (await request.get('/config.json')).json()) as { mailViewerUrl?: string };
  if (!config.mailViewerUrl) throw new Error('No mail viewer in /config.json');
  const { emails } = (await (await request.get(`${config.mailViewerUrl}/store`)).json()) as {
    emails: SentMail[];
  };
  return emails.filter((e) => e.destination.to.includes(address));
}
