// The deals feature's public surface for the shell: the badge only (the board is lazy).
export { DEALS_REALTIME_KEYS, dealsKeys } from './api/keys';
export { useDealsBadge } from './api/badge';
