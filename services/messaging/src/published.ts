/**
 * What the local cloud and the cross-service suites may use of this service (lint allows
 * nothing else of it outside services/messaging).
 */

/**
 * The demo seed (localstack/src/demo-seed/messaging.ts) writes weeks of talk at each line's
 * time, which the routes (stamping every message now) cannot: these use cases and their deps,
 * with the seed's clock.
 */
export { startConversation } from './conversations/domain';
export { conversationsDeps } from './conversations/deps';
export { sendMessage } from './messages/domain';
export { messagesDeps } from './messages/deps';
export { markConversationRead } from './unread/domain';
export { unreadDeps } from './unread/deps';
