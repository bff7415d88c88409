/** The port use cases send email through; adapters: SES (`ses-mailer.ts`). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}
