import { AppError } from '@sneakers/shared/errors';

export const MARKETPLACE_ERROR_CODE = 'MARKETPLACE_ERROR';
export const MARKETPLACE_NOT_FOUND_CODE = 'MARKETPLACE_NOT_FOUND';

/**
 * The marketplace API failed, answered something we cannot use, or is not configured.
 * As an AppError it reaches the caller as 502 MARKETPLACE_ERROR with its message (the
 * upstream's fault, not the caller's), except an id the marketplace does not know: 404
 * MARKETPLACE_NOT_FOUND. `upstreamStatus` is the marketplace's HTTP status (null when no
 * answer came: timeout, network, configuration, malformed body).
 */
export class MarketplaceError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus: number | null,
  ) {
    const notFound = upstreamStatus === 404;
    super(notFound ? 404 : 502, notFound ? MARKETPLACE_NOT_FOUND_CODE : MARKETPLACE_ERROR_CODE, message);
  }
}
