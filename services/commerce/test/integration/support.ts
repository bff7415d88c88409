/** The commerce integration tests' one set-up (users, stores, keys and the table), shared with other services'. */
export { key, postWithKey, signedIn, storeUser, type Store } from '../../../../tests/support/accounts';
export { db, table } from '../../../../tests/support/local-table';
