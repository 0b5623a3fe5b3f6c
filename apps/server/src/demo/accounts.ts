import { DEMO_PROFILE_ID } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The demo accounts of the README, also offered on the login page of a demo database. */
export const DEMO_ACCOUNTS = [
  {
    id: 1,
    login: 'investor@example.com',
    password: 'Investor1',
    phone: '+79990000001',
    description: 'Инвестор с юнитами в нескольких локациях',
    descriptionEn: 'Investor with units in several locations',
  },
  {
    id: 2,
    login: 'lender@example.com',
    password: 'Lender1',
    phone: '+79990000002',
    description: 'Займодатель',
    descriptionEn: 'Lender',
  },
  {
    id: 3,
    login: 'both@example.com',
    password: 'Both1234',
    phone: '+79990000003',
    description: 'Инвестор и займодатель',
    descriptionEn: 'Investor and lender',
  },
  {
    id: DEMO_PROFILE_ID,
    login: 'demo@example.com',
    password: 'Demo1234',
    phone: '+79990000004',
    description: 'Демо-профиль',
    descriptionEn: 'Demo profile',
  },
  {
    id: 5,
    login: 'manager@example.com',
    password: 'Manager1',
    phone: '+79990000005',
    description: 'Менеджер (бэк-офис)',
    descriptionEn: 'Manager (back office)',
  },
  {
    id: 7,
    login: 'admin@example.com',
    password: 'Admin1234',
    phone: '+79990000007',
    description: 'Администратор (бэк-офис, все клиенты)',
    descriptionEn: 'Administrator (back office, all clients)',
  },
] as const;

/** A contact from a contract that has not created its account yet: the sign-up flow starts from it. */
export const DEMO_NEWCOMER = { id: 6, email: 'newcomer@example.com', phone: '+79990000006' } as const;

export async function demoAccountsIfSeeded(db: Kysely<DB>) {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', DEMO_PROFILE_ID)
    .where('email', '=', 'demo@example.com')
    .executeTakeFirst();
  if (!demo) return [];
  return DEMO_ACCOUNTS.map(({ login, password, description, descriptionEn }) => ({
    login,
    password,
    description,
    descriptionEn,
  }));
}
