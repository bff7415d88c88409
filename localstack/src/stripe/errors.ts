/** Stripe's error answers: `{ error: { type, code, message, param } }` with Stripe's status codes. */

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export const missing = (what: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);

export const required = (param: string) =>
  new StripeError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const invalid = (param: string, message: string) =>
  new StripeError(400, 'invalid_request_error', message, 'parameter_invalid', param);

export const declined = (message: string, declineCode: string, code = 'card_declined') =>
  new StripeError(402, 'card_error', message, code, undefined, declineCode);
