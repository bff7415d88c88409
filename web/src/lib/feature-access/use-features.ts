import { useSession } from '../session/use-session';
import { useFeatureAccess, VISITOR_IDENTITY, type FeatureAccess } from './feature-access';

/**
 * The features of whoever the app is showing: the signed-in user (or, while impersonating,
 * the impersonated user: the session then names them), the demo store, or a visitor.
 */
export function useFeatures(): FeatureAccess {
  const session = useSession();
  const identity =
    session.status === 'signed-in'
      ? `user:${session.userId}`
      : session.status === 'loading'
        ? null
        : VISITOR_IDENTITY;
  return useFeatureAccess(identity);
}
