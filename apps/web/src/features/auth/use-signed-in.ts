import type { TokenResponse } from '@portal/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pickRole } from '../../shared/session/pick';
import { storage } from '../../shared/storage';

/** Stores the token and roles, makes the first role current (INVESTOR when several) and opens the portal. */
export function useSignedIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (response: TokenResponse) => {
    storage.clear();
    storage.setToken(response.token);
    const roles = response.roles.map((r) => r.code);
    storage.setRoles(roles);
    const role = pickRole(roles, null);
    if (role) storage.setCurrentRole(role);
    queryClient.clear();
    navigate('/dashboard/', { replace: true });
  };
}
