/**
 * What stands for a deleted account in the records other users keep of it (an offer it sent
 * stays in the receiver's inbox; docs/product/accounts.md#closing-the-account): never a real
 * user id, so nothing can act as it. Its own module, so the SPA reads it without the
 * portability schemas.
 */
export const DELETED_ACCOUNT_USER_ID = 'deleted-account';
export const DELETED_ACCOUNT_NAME = 'Deleted account';
