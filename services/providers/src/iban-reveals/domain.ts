import { requireUser, type Actor } from '@sneakers/shared/actor';
import type { IbanReveal, IbanRevealPurpose } from '@sneakers/shared/contracts/providers';
import { takeOrRefuse } from '@sneakers/shared/rate-limit/rate-limit';
import { providerNotFound } from '../providers/errors';
import type { IbanRevealRecord, IbanRevealsDeps } from './ports';

/**
 * The one way a provider's full IBAN leaves the server: its own store reveals it on purpose
 * (to pay the provider, on screen or on the printed pickup sheet). Every other response
 * carries only `ibanMasked`. A reveal is recorded before it is answered and rate limited
 * per store, so a stolen session cannot quietly harvest every provider's account number.
 *
 * Demo identities (Try Demo, `demo-…` users) may reveal too: reading the store's own data
 * is allowed in demo mode, and the demo providers' IBANs are sample numbers. They write
 * nothing, neither the record nor a rate slot, as demo mode writes nothing anywhere.
 */
export const IBAN_REVEALS_PER_MINUTE = 30;
export const IBAN_REVEAL_WINDOW_MS = 60_000;
export const IBAN_REVEAL_RATE_MESSAGE = `Too many IBAN reveals: at most ${IBAN_REVEALS_PER_MINUTE} a minute. Please try again shortly.`;
/** The detail page shows the latest reveals; the full trail stays in the table. */
export const IBAN_REVEALS_SHOWN = 50;

export function toIbanReveal(record: IbanRevealRecord): IbanReveal {
  return {
    id: record.id,
    purpose: record.purpose,
    revealedBy: record.revealedByEmail ?? record.revealedByUserId,
    revealedAt: record.revealedAt,
  };
}

/** The full IBAN of the caller's own provider (null if it has none); 404 for anyone else's. */
export async function revealIban(
  deps: IbanRevealsDeps,
  actor: Actor,
  providerId: string,
  purpose: IbanRevealPurpose,
): Promise<{ iban: string | null }> {
  const user = requireUser(actor);
  const provider = await deps.repo.getProvider(user.userId, providerId);
  if (!provider) throw providerNotFound();
  // Nothing to reveal, nothing to record.
  if (!provider.iban || user.isDemo) return { iban: provider.iban };
  const now = deps.clock.now();
  await takeOrRefuse(
    deps.limiter,
    `providers.ibanReveal#${user.userId}`,
    { limit: IBAN_REVEALS_PER_MINUTE, windowMs: IBAN_REVEAL_WINDOW_MS },
    now,
    IBAN_REVEAL_RATE_MESSAGE,
  );
  await deps.repo.recordIbanReveal({
    storeUserId: user.userId,
    providerId: provider.id,
    id: deps.ids.next(),
    purpose,
    revealedByUserId: user.userId,
    revealedByEmail: user.email ?? null,
    revealedAt: now.toISOString(),
  });
  return { iban: provider.iban };
}

/** Who revealed the provider's IBAN and when, newest first; 404 for another store's provider. */
export async function listIbanReveals(
  deps: IbanRevealsDeps,
  actor: Actor,
  providerId: string,
): Promise<{ reveals: IbanReveal[] }> {
  const user = requireUser(actor);
  const [provider, records] = await Promise.all([
    deps.repo.getProvider(user.userId, providerId),
    deps.repo.listIbanReveals(user.userId, providerId, IBAN_REVEALS_SHOWN),
  ]);
  if (!provider) throw providerNotFound();
  return { reveals: records.map(toIbanReveal) };
}
