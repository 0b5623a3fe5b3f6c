import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../api/client';
import { storage } from '../storage';

/** Sign-out revokes the session on the server, clears local storage and the cache, and goes to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await call('POST /users/logout').catch(() => undefined);
    storage.clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
}
