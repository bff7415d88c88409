import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from './auth-store';
import { forgetLastProfile } from './profile-query';

/** Signs out: clears the session, the profile and every cached query, then goes to '/'. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    forgetLastProfile();
    queryClient.clear();
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
