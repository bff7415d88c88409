import type { APIRequestContext } from '@playwright/test';
import { localAdminApi } from '../../localstack/src/admin-session';

/** The API as the seeded local superuser, for journeys where an admin acts elsewhere. */
export function adminApi(request: APIRequestContext, baseURL: string) {
  return localAdminApi(baseURL, async (url) => (await request.get(url)).json());
}
