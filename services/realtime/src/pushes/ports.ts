import type { RealtimeDeps } from '../connections/ports';

/** What a push needs: the connections it reaches, the management API and the clock (TTLs). */
export type PushDeps = Pick<RealtimeDeps, 'connections' | 'pusher' | 'clock'>;
