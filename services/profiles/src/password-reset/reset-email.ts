import type { OutgoingEmail } from '@sneakers/shared/email/mailer';

/** The reset email (docs/product/accounts.md#reset-link), in the profile's language. */

export function resetLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/auth/reset-password?type=recovery&token=${encodeURIComponent(token)}`;
}

const COPY = {
  en: {
    subject: 'Reset your password',
    greeting: 'Hello,',
    intro: 'We received a request to reset the password of your account.',
    action: 'Reset Password',
    expiry: 'This link expires in 24 hours and can be used once.',
    ignore: "If you did not ask for this, you can ignore this email: your password won't change.",
  },
  es: {
    subject: 'Restablece tu contraseña',
    greeting: 'Hola,',
    intro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
    action: 'Restablecer contraseña',
    expiry: 'Este enlace caduca en 24 horas y solo se puede usar una vez.',
    ignore: 'Si no lo has solicitado, puedes ignorar este correo: tu contraseña no cambiará.',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resetEmail(to: string, link: string, language: 'en' | 'es'): OutgoingEmail {
  const c = COPY[language];
  const text = [c.greeting, '', c.intro, '', `${c.action}: ${link}`, '', c.expiry, c.ignore].join('\n');
  const html = [
    `<p>${escapeHtml(c.greeting)}</p>`,
    `<p>${escapeHtml(c.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(c.action)}</a></p>`,
    `<p>${escapeHtml(c.expiry)}</p>`,
    `<p>${escapeHtml(c.ignore)}</p>`,
  ].join('\n');
  return { to, subject: c.subject, text, html };
}
