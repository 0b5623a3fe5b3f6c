import type { RoleCode } from '@portal/contract/constants';
import type { DataProfile, UserLocation } from '@portal/contract/profile';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { call } from '../api/client';
import { useProfile, useUserLocations, useUserUnits } from '../api/queries';
import { storage } from '../storage';
import { pickCurrent } from './pick';

export type Session = {
  profile: DataProfile;
  roles: RoleCode[];
  currentRole: RoleCode;
  setCurrentRole: (role: RoleCode) => void;
  /** Locations of the current role, in the server's order (the placeholder 666 last). */
  locations: UserLocation[];
  currentLocation: UserLocation | null;
  setCurrentLocationId: (id: number) => void;
  units: Array<{
    unitId: number;
    userUnitId: number;
    unitName: string;
    unitNameEn: string;
    locationId: number;
    part: 'main' | 'periphery';
  }>;
};

const SessionContext = createContext<Session | null>(null);

export type SessionState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; session: Session };

export function useSessionState(): SessionState {
  const profile = useProfile();
  const locations = useUserLocations();
  const units = useUserUnits();
  const queryClient = useQueryClient();
  const [storedRole, setStoredRole] = useState(storage.currentRole());
  const [storedLocation, setStoredLocation] = useState(storage.currentLocationId());

  const setCurrentRole = useCallback((role: RoleCode) => {
    storage.setCurrentRole(role);
    setStoredRole(role);
    // A new role starts on its first location (spec: States and transitions: its data loads for the first location of
    // that role).
    storage.clearCurrentLocationId();
    setStoredLocation(null);
    // The server keeps the choice for the next sign-in; the page does not wait for it.
    void call('POST /users/profile', { body: { currentRole: role } }).catch(() => undefined);
  }, []);
  const setCurrentLocationId = useCallback((id: number) => {
    storage.setCurrentLocationId(id);
    setStoredLocation(id);
  }, []);

  return useMemo((): SessionState => {
    if (profile.isError || locations.isError || units.isError) {
      return {
        status: 'error',
        retry: () => void queryClient.invalidateQueries(),
      };
    }
    if (!profile.data || !locations.data || !units.data) return { status: 'loading' };
    const current = pickCurrent(profile.data, locations.data.locations, storedRole, storedLocation);
    const currentRole = current.role;
    return {
      status: 'ready',
      session: {
        profile: profile.data,
        roles: profile.data.roles.map((r) => r.code),
        currentRole,
        setCurrentRole,
        locations: current.locations,
        currentLocation: current.location,
        setCurrentLocationId,
        units: units.data.actives.filter((u) => u.roleCode === currentRole),
      },
    };
  }, [
    profile.data,
    profile.isError,
    locations.data,
    locations.isError,
    units.data,
    units.isError,
    storedRole,
    storedLocation,
    setCurrentRole,
    setCurrentLocationId,
    queryClient,
  ]);
}

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The signed-in user's session; only inside the layout of the signed-in area. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
}
