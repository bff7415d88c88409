import type { AdminUser } from '@sneakers/shared/contracts/admin';
import type { Page, PageRequest } from '@sneakers/shared/paging/page';

export interface UserQuery extends PageRequest {
  /** Lower-cased; matches inside the business name or the contact email. */
  search?: string | undefined;
}

/** How the audit log names a user. */
export interface UserName {
  businessName: string;
  email: string;
}

/** The users as the admin screens read them, from the profile rows (the profiles service owns them). */
export interface UsersRepository {
  /** Every profile, newest first, optionally only those matching `search`. */
  listUsers(query: UserQuery): Promise<Page<AdminUser>>;
  getUser(userId: string): Promise<AdminUser | null>;
  /** The business name and contact email of each of these users who has a profile (one batch read). */
  namesOf(userIds: readonly string[]): Promise<Map<string, UserName>>;
  /** The ids of at most `max` users whose contact email contains `fragment` (lower-cased), newest first. */
  findUserIdsByEmail(fragment: string, max: number): Promise<string[]>;
}

export interface UsersDeps {
  users: UsersRepository;
}
