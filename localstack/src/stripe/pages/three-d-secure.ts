import { randomBytes } from 'node:crypto';
import { esc, page } from './layout';

/**
 * The 3-D Secure step (test card 4000 0025 0000 3155): `GET /authenticate/<id>` with two
 * buttons posting `outcome=complete` or `outcome=fail` to the same URL. Pending steps live in
 * memory only: a restart forgets them, as a bank's challenge would time out.
 */

export interface Authentication {
  kind: 'checkout' | 'portal';
  /** The Checkout Session or portal session it belongs to. */
  target: string;
  paymentMethod: string;
  email: string | null;
  name: string | null;
}

export function createAuthentications() {
  const pending = new Map<string, Authentication>();
  return {
    start(auth: Authentication) {
      const id = `payatt_${randomBytes(12).toString('hex')}`;
      pending.set(id, auth);
      return id;
    },
    get: (id: string) => pending.get(id),
    finish: (id: string) => pending.delete(id),
  };
}

export type Authentications = ReturnType<typeof createAuthentications>;

export function renderAuthentication(id: string): string {
  return page(
    '3-D Secure authentication',
    `<section aria-label="3-D Secure"><h1>Authenticate your payment</h1>
<p>Your bank asks you to confirm this payment (3-D Secure test page).</p>
<form method="post" action="/authenticate/${esc(id)}"><input type="hidden" name="outcome" value="complete">
<button type="submit">Complete authentication</button></form>
<form method="post" action="/authenticate/${esc(id)}"><input type="hidden" name="outcome" value="fail">
<button type="submit" class="danger">Fail authentication</button></form></section>`,
  );
}
