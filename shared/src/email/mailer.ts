/** The port use cases send email through; adapters: SES (`ses-mailer.ts`). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe); the adapter adds From, To and Subject itself. */
  headers?: readonly { name: string; value: string }[];
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}
