/**
 * The welcome email every new profile receives (docs/product/notifications-and-emails.md#welcome-email),
 * tested on its own (services/notifications/test/integration/welcome-email.test.ts). Every
 * other test counts the emails its own action caused, so the mail helpers leave it out
 * unless asked.
 */
const WELCOME_SUBJECT = /^(Welcome to Sneaker CRM|Te damos la bienvenida a Sneaker CRM),/;

export const isWelcomeMail = (mail: { subject: string }) => WELCOME_SUBJECT.test(mail.subject);
