/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/profiles).
 */

/** The demo seed (localstack/src/demo-seed/index.ts) provisions the Try Demo identity with it. */
export { demoSessionDeps } from './demo-session/deps';
/** The public-list bench (tests/bench/public-list.ts) writes its list owner's profile row with these. */
export { newProfile } from './profiles/domain';
export { createProfileRepository } from './profiles/repository';
