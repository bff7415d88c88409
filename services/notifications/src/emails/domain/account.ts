import type { accountClosureRequested, accountDeleted, migrationExportReady } from '@sneakers/events';
import {
  accountClosureRequestedEmail,
  accountDeletedEmail,
  appLink,
  exportReadyEmail,
  languageOf,
} from '../index';
import { accountAddressOf, recipientOf, sendKey, sendOnce } from './delivery';
import type { DetailOf, EmailsDeps } from '../ports';

/**
 * The account's own data emails (docs/product/notifications-and-emails.md): account emails,
 * sent whatever the preferences, once per event, not counted as usage.
 */

/** Migration.ExportReady → export_ready to the profile's address, in its language. */
export async function onExportReady(
  deps: EmailsDeps,
  event: DetailOf<typeof migrationExportReady>,
): Promise<void> {
  const { data } = event;
  const { recipient, language } = await recipientOf(deps, data.userId);
  const to = accountAddressOf(recipient);
  if (!to) return;
  const link = appLink(deps.appUrl, `/dashboard/migration-tools?export=${encodeURIComponent(data.exportId)}`);
  await sendOnce(
    deps,
    sendKey(event.eventId, 'export_ready', data.userId),
    exportReadyEmail({ to, language, name: recipient?.businessName ?? '' }, data.expiresAt, link),
    false,
  );
}

/** Account.ClosureRequested → the deletion date, to the address the event carries. */
export async function onAccountClosureRequested(
  deps: EmailsDeps,
  event: DetailOf<typeof accountClosureRequested>,
): Promise<void> {
  const { data } = event;
  const to = data.contactEmail.trim();
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'account_closure_requested', data.userId),
    accountClosureRequestedEmail(
      { to, language: languageOf(data.language), name: data.businessName },
      data.deleteAfter,
      appLink(deps.appUrl, '/auth'),
    ),
    false,
  );
}

/** Account.Deleted → the final email; the profile is gone, the event carries the address. */
export async function onAccountDeleted(
  deps: EmailsDeps,
  event: DetailOf<typeof accountDeleted>,
): Promise<void> {
  const { data } = event;
  const to = data.contactEmail.trim();
  if (!to) return;
  await sendOnce(
    deps,
    sendKey(event.eventId, 'account_deleted', data.userId),
    accountDeletedEmail({ to, language: languageOf(data.language), name: data.businessName }),
    false,
  );
}
