import type { OutgoingEmail } from '@sneakers/shared/email/mailer';
import { t, type Language } from '../catalogue';
import { escapeHtml } from './layout';
import { trialEndDate as longDate } from './welcome';

/**
 * The account's own emails about its data (docs/product/migration-tools.md#export,
 * docs/product/accounts.md#closing-the-account): the export is ready, the closure is
 * requested, the account is deleted. Account emails: sent whatever the preferences.
 */
export type AccountEmailType = 'export_ready' | 'account_closure_requested' | 'account_deleted';

export interface AccountEmailRecipient {
  to: string;
  language: Language;
  name: string;
}

function render(
  r: AccountEmailRecipient,
  subject: string,
  paragraphs: string[],
  action: { text: string; href: string } | null,
): OutgoingEmail {
  const hello = t(r.language, 'common.hello', { name: r.name.trim() || r.to });
  const signature = t(r.language, 'exportReady.signature');
  return {
    to: r.to,
    subject,
    text: [
      hello,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      ...(action ? [`${action.text}: ${action.href}`, ''] : []),
      signature,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...(action ? [`<p><a href="${escapeHtml(action.href)}">${escapeHtml(action.text)}</a></p>`] : []),
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  };
}

/** export_ready: the link opens the migration-tools section, which asks the owner's download. */
export function exportReadyEmail(r: AccountEmailRecipient, expiresAt: string, link: string): OutgoingEmail {
  const { language } = r;
  return render(
    r,
    t(language, 'exportReady.subject'),
    [
      t(language, 'exportReady.intro'),
      t(language, 'exportReady.expires', { date: longDate(expiresAt, language) }),
    ],
    { text: t(language, 'exportReady.action'), href: link },
  );
}

/** account_closure_requested: the deletion date and how to cancel (signing in). */
export function accountClosureRequestedEmail(
  r: AccountEmailRecipient,
  deleteAfter: string,
  signInLink: string,
): OutgoingEmail {
  const { language } = r;
  const date = longDate(deleteAfter, language);
  return render(
    r,
    t(language, 'accountClosure.requestedSubject', { date }),
    [
      t(language, 'accountClosure.requestedIntro'),
      t(language, 'accountClosure.requestedDate', { date }),
      t(language, 'accountClosure.requestedCancel'),
    ],
    { text: t(language, 'accountClosure.requestedAction'), href: signInLink },
  );
}

/** account_deleted: the final confirmation, to the address the account had. */
export function accountDeletedEmail(r: AccountEmailRecipient): OutgoingEmail {
  const { language } = r;
  return render(
    r,
    t(language, 'accountClosure.deletedSubject'),
    [t(language, 'accountClosure.deletedIntro'), t(language, 'accountClosure.deletedKept')],
    null,
  );
}
