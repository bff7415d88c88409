import { expect } from 'vitest';
import { AppError } from '@sneakers/shared/errors';

/** The AppError a use case rejected with (the test fails when it resolved or threw anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
