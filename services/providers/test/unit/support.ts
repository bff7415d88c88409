import { expect } from 'vitest';
import type { Actor } from '@sneakers/shared/actor';
import { AppError } from '@sneakers/shared/errors';

/** A signed-in store (`extra` for a demo identity or a token's email). */
export const store = (userId: string, extra: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId,
  isSuperuser: false,
  isDemo: false,
  ...extra,
});

/** A valid Spanish IBAN. */
export const IBAN = 'ES9121000418450200051332';

/** The AppError a use case refused with. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
