import { SUBSCRIPTION_REQUIRED_CODE, SUBSCRIPTION_REQUIRED_MESSAGE } from './rules/subscription';

/**
 * The one error model (docs/architecture.md#33-one-error-model). Use cases throw these; the HTTP middleware maps
 * them to `{ error: { code, message, fields? } }` with the status below. Anything else
 * is a bug: it is logged with a correlation id and answered 500.
 */
export type FieldErrors = Record<string, string[]>;
/** Field path → its problems as codes the SPA translates (docs/product/errors.md#field-messages). */
export type FieldIssueCodes = Record<string, { code: string; limit?: number }[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly issues?: FieldIssueCodes,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message = 'The request is not valid.', fields?: FieldErrors, issues?: FieldIssueCodes) {
    super(400, 'VALIDATION_FAILED', message, fields, issues);
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string) {
    super(400, code, message);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'User not authenticated') {
    super(401, 'UNAUTHENTICATED', message);
  }
}

/**
 * 401 on a store API route (docs/product/store-api.md#errors): no key, a key that is not a
 * key, or one that was never issued or is revoked (indistinguishable: only hashes are kept).
 */
export class ApiKeyInvalidError extends AppError {
  constructor(reason?: string) {
    super(
      401,
      'API_KEY_INVALID',
      reason === 'missing' || reason === undefined
        ? 'An API key is required: send it in the x-api-key header.'
        : reason === 'malformed'
          ? 'This is not a valid API key: check that it was copied in full.'
          : reason === 'closing'
            ? 'This account is being closed: its API keys work again if the closure is cancelled.'
            : 'This API key is not valid or has been revoked.',
    );
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request body is too large.') {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Send the request body as application/json.') {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super(429, 'RATE_LIMITED', message);
  }
}

/**
 * 402: the account is read-only until a plan is chosen (docs/product/billing.md#what-each-status-allows).
 * The SPA shows the message next to a "Choose a plan" button.
 */
export class SubscriptionRequiredError extends AppError {
  constructor() {
    super(402, SUBSCRIPTION_REQUIRED_CODE, SUBSCRIPTION_REQUIRED_MESSAGE);
  }
}

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    fields?: FieldErrors;
    /** Beside `fields` when a contract refused the input: each field's problems as codes. */
    issues?: FieldIssueCodes;
    correlationId?: string;
  };
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
