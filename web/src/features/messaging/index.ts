// The messaging feature's public surface for other features: no screens here (they are lazy).
export { MESSAGING_REALTIME_KEYS, messagingKeys } from './api/keys';
export { useUnreadMessages } from './api/unread';
