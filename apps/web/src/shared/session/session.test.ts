import type { UserLocation } from '@portal/contract/profile';
import { describe, expect, it } from 'vitest';
import { pickLocation, pickRole } from './pick';

const location = (id: number, isPlaceholder = false): UserLocation => ({
  id,
  name: `Локация ${id}`,
  nameEn: `Location ${id}`,
  roleCode: 'INVESTOR',
  existsMain: true,
  existsPeriphery: false,
  isPlaceholder,
});

describe('current role (spec: States and transitions)', () => {
  it('is INVESTOR for a user with several roles, else the single role', () => {
    expect(pickRole(['LENDER', 'INVESTOR'], null)).toBe('INVESTOR');
    expect(pickRole(['LENDER'], null)).toBe('LENDER');
    expect(pickRole([], null)).toBeNull();
  });

  it('keeps the stored role only while the user holds it', () => {
    expect(pickRole(['INVESTOR', 'LENDER'], 'LENDER')).toBe('LENDER');
    expect(pickRole(['INVESTOR'], 'LENDER')).toBe('INVESTOR');
  });
});

describe('current location (spec: States and transitions)', () => {
  const locations = [location(2), location(7), location(666, true)];

  it('is the stored one while it is still available, otherwise the first', () => {
    expect(pickLocation(locations, 7)?.id).toBe(7);
    expect(pickLocation(locations, 3)?.id).toBe(2);
    expect(pickLocation(locations, null)?.id).toBe(2);
  });

  it('never is the coming location 666, even when stored', () => {
    expect(pickLocation(locations, 666)?.id).toBe(2);
    expect(pickLocation([location(666, true)], null)).toBeNull();
  });
});
