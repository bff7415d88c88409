import type { Clock } from '@sneakers/shared/clock';
import type { RateLimiter } from '@sneakers/shared/rate-limit/rate-limit';

/** The read-only demo identity in the user pool (docs/product/demo-mode.md#demo-identity). */
export interface DemoIdentity {
  /** An access token of the demo user; provisions the user (and its group) if missing. */
  signIn(): Promise<string>;
}

export interface DemoSessionDeps {
  identity: DemoIdentity;
  limiter: RateLimiter;
  clock: Clock;
}
