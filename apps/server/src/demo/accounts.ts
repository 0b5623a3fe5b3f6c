import { DEMO_PROFILE_ID } from '@portal/contract/constants';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * The demo accounts of the README, also offered on the login page of a demo database. Their argon2id hashes are
 * computed once and kept here (accounts.test.ts checks them), so seeding spends no time on hashing.
 */
export const DEMO_ACCOUNTS = [
  {
    id: 1,
    login: 'investor@example.com',
    password: 'Investor1',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$iOykUQufL-MH6_9TPlxHxg$ppyD20r3UAwhDd_0vHVqnLnOGOKBnaXdboOVCfEOwLg',
    phone: '+79990000001',
    description: 'Инвестор с юнитами в нескольких локациях',
    descriptionEn: 'Investor with units in several locations',
  },
  {
    id: 2,
    login: 'lender@example.com',
    password: 'Lender1',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$nAnazY4ztzS0YwT2QGzYLQ$b-OpfFI7Yrj99m82zH0viEYhLAx_6nPpZinO_4p9iGg',
    phone: '+79990000002',
    description: 'Займодатель',
    descriptionEn: 'Lender',
  },
  {
    id: 3,
    login: 'both@example.com',
    password: 'Both1234',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$YkLbjCHPZu7NmGATpICOsg$xCe7aQO71nzjFYFrRENS6ZGTCTAMQifSjQJiRAJmrIw',
    phone: '+79990000003',
    description: 'Инвестор и займодатель',
    descriptionEn: 'Investor and lender',
  },
  {
    id: DEMO_PROFILE_ID,
    login: 'demo@example.com',
    password: 'Demo1234',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$ZUEyp-7aFxwfrRbWzatiEQ$h_Ev5ZFbuBe5VpE1pOLS0J4PF9nlNyQlqPmz060ZQvM',
    phone: '+79990000004',
    description: 'Демо-профиль',
    descriptionEn: 'Demo profile',
  },
  {
    id: 5,
    login: 'manager@example.com',
    password: 'Manager1',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$gGOhqzHX5m1CD49IPzQOUg$9CB7ic4a7TiYa-KBWnR1xRzs5ou8rY_MzVfDVcCYUbM',
    phone: '+79990000005',
    description: 'Менеджер (бэк-офис)',
    descriptionEn: 'Manager (back office)',
  },
  {
    id: 7,
    login: 'admin@example.com',
    password: 'Admin1234',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$P1BDM-E1DAkE6bvN0N9Vzg$niJ4n0BQ3MiG67OsrIVrJz4A66LEIiJD5tAKF_SHOjk',
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
