import type { RoleCode } from '@portal/contract/constants';
import type { UserLocation } from '@portal/contract/profile';

// The session's rules, apart from its React state: sign-in uses them on the first screen.

/**
 * The current role: the stored one while the user holds it; otherwise INVESTOR when the user has several
 * roles, else the single one (spec: States and transitions).
 */
export function pickRole(roles: RoleCode[], stored: string | null): RoleCode | null {
  if (stored && roles.includes(stored as RoleCode)) return stored as RoleCode;
  if (roles.length > 1 && roles.includes('INVESTOR')) return 'INVESTOR';
  return roles[0] ?? null;
}

/** The current location: the stored one while it is available to the role, otherwise the first real one. */
export function pickLocation(locations: UserLocation[], stored: number | null): UserLocation | null {
  const selectable = locations.filter((l) => !l.isPlaceholder);
  return selectable.find((l) => l.id === stored) ?? selectable[0] ?? null;
}

/**
 * The session's current role (the stored one, else the profile's, by pickRole; INVESTOR when the user holds none),
 * its locations and the current one among them: what the layout shows and the pages' calls ask for.
 */
export function pickCurrent(
  profile: { roles: Array<{ code: RoleCode }>; currentRole: string | null },
  locations: UserLocation[],
  storedRole: string | null,
  storedLocation: number | null,
): { role: RoleCode; locations: UserLocation[]; location: UserLocation | null } {
  const roles = profile.roles.map((r) => r.code);
  const role = pickRole(roles, storedRole ?? profile.currentRole) ?? 'INVESTOR';
  const roleLocations = locations.filter((l) => l.roleCode === role);
  return { role, locations: roleLocations, location: pickLocation(roleLocations, storedLocation) };
}
