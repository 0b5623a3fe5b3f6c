import { randomBytes } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  LOCALES,
  type Locale,
  ORGANIZATION_TYPES,
  ROLES,
  type RoleCode,
} from '@portal/contract/constants';
import { ERROR_CODES } from '@portal/contract/errors';
import { averageMonthlyIncome } from '@portal/contract/money-rules';
import { lastCompleteMonth } from '@portal/contract/periods';
import type { ActiveUnit, BankDetails, DataProfile, UserLocation, UserUnit } from '@portal/contract/profile';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { type RangeSource, storedFileSource } from '../../http/byte-ranges.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { toRubles } from '../../shared/money.ts';
import { requirePassword, requireStepUp, type StepUpProof } from '../auth/second-factor.ts';
import { staffLacksSecondFactor } from '../auth/security.ts';
import { revokeUserSessions, type Session } from '../auth/sessions.ts';
import { enqueueEmail, enqueueSms } from '../outbox/outbox.ts';
import { createManagerRequest } from '../requests/service.ts';
import { contactChangedEmail, contactChangedSms } from './emails.ts';
import * as q from './queries.ts';

/** Shown when a user has no manager assigned and no default manager exists. */
const FALLBACK_MANAGER = {
  name: 'Отдел по работе с инвесторами',
  nameEn: 'Investor relations',
  phone: '+7 (800) 000-00-00',
  email: 'invest@example.com',
};

const ownerRoles = (session: Session): RoleCode[] =>
  (['INVESTOR', 'LENDER'] as const).filter((role) => session.roles.includes(role));

/**
 * GET users/locations: by role, in the order the company gives its locations in the console (locations.position;
 * the spec's fixed order of the four named locations is their position in the demo and in older databases), then
 * the placeholder "coming soon" entries.
 */
export async function userLocations(ctx: AppContext, session: Session): Promise<UserLocation[]> {
  return locationsOf(await q.userLocationRows(ctx.database.db, session.userId), session);
}

/** userLocations' list from the rows of userLocationRows. */
function locationsOf(all: q.UserLocationRow[], session: Session): UserLocation[] {
  const roles = ownerRoles(session);
  const rows = all.filter((row) => row.held && roles.includes(row.roleCode));
  rows.sort((a, b) => a.position - b.position || a.id - b.id);
  const seen = new Set<string>();
  const locations: UserLocation[] = [];
  for (const row of rows) {
    const key = `${row.roleCode}:${row.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    locations.push({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      roleCode: row.roleCode,
      existsMain: row.exists_main,
      existsPeriphery: row.exists_periphery,
      isPlaceholder: row.is_placeholder,
    });
  }
  if (roles.includes('INVESTOR')) {
    const placeholders = all.filter((row) => !row.held);
    placeholders.sort((a, b) => a.position - b.position || a.id - b.id);
    for (const placeholder of placeholders) {
      locations.push({
        id: placeholder.id,
        name: placeholder.name,
        nameEn: placeholder.name_en,
        roleCode: 'INVESTOR',
        existsMain: false,
        existsPeriphery: false,
        isPlaceholder: true,
      });
    }
  }
  // Roles keep their own blocks, investor first, as the role toggler shows them.
  return [...locations].sort((a, b) => roles.indexOf(a.roleCode) - roles.indexOf(b.roleCode));
}

/** GET users/actives: the units list of the layout. */
export async function userUnits(ctx: AppContext, session: Session): Promise<UserUnit[]> {
  return userUnitsFrom(await q.userUnitRows(ctx.database.db, session.userId));
}

/**
 * The user's row (profileRow) and the units' rows (userUnitRows) as statements of their own, for users/layout to
 * read inside its one statement.
 */
export const profileRowQuery = q.profileRowQuery;
export const userUnitRowsQuery = q.userUnitRowsQuery;

/** The location dashboard/first-screen answers for, as a statement of its own to read in its one (an investor's). */
export const investorLocationQuery = q.investorLocationQuery;
export type { ProfileRow, UserUnitRow } from './queries.ts';

/** The units from their rows. */
export function userUnitsFrom(rows: q.UserUnitRow[]): UserUnit[] {
  return rows.map((row) => ({
    unitId: row.unitId,
    userUnitId: row.userUnitId,
    unitName: row.name,
    unitNameEn: row.name_en,
    locationId: row.locationId,
    part: row.part,
    roleCode: row.relation === 'owner' ? 'INVESTOR' : 'LENDER',
  }));
}

/**
 * GET users/actives-info: the cards of the owned units. last_month_income and average_monthly_income read the
 * monthly incomes that the finance area loads; until a unit has one they are 0.
 */
export async function activeUnits(ctx: AppContext, session: Session): Promise<ActiveUnit[]> {
  const rows = await q.ownedUnitCards(
    ctx.database.db,
    session.userId,
    lastCompleteMonth(portalNow(ctx.config.portalToday)),
  );
  return rows.map((row) => {
    // A unit without incomes up to the last complete month has both figures at 0.
    const { firstIncomeMonth: first, lastIncomeMonth: last, incomeTotal: total } = row;
    const hasIncome = first !== null && last !== null && total !== null;
    const averageMonthly = hasIncome ? averageMonthlyIncome({ total: Number(total), first, last }) : 0;
    return {
      unit_id: row.unitId,
      name: row.name,
      nameEn: row.name_en,
      part: row.part,
      unitType: row.unit_type,
      unitTypeEn: row.unit_type_en,
      capacity: row.capacity,
      area: row.area,
      is_sale: row.is_sale,
      salePrice: toRubles(row.sale_price_kopecks),
      location_type_name: row.part === 'main' ? 'Номерной фонд' : 'Периферия',
      location_type_name_en: row.part === 'main' ? 'Rooms' : 'Outbuildings',
      last_month_income: toRubles(hasIncome ? Number(row.lastMonthIncome) : 0),
      average_monthly_income: toRubles(averageMonthly),
      invested: toRubles(row.invested_kopecks),
      dateOfInvest: row.invested_at,
      stage: row.stage,
      stageEn: row.stage_en,
      dateOfLaunch: row.date_of_launch,
      imageUrls: row.image_urls,
      locationId: row.locationId,
      locationName: row.locationName,
      locationNameEn: row.locationNameEn,
    };
  });
}

/** The stored bank details row of a user, if any (the console compares a change with it). */
export async function storedBankDetails(db: Executor, userId: number) {
  return q.bankDetailsRow(db, userId);
}

/** The bank details of a sole proprietor or a company; an individual has none in the portal. */
export async function bankDetailsOf(
  db: Executor,
  userId: number,
  organizationType: string,
): Promise<BankDetails | null> {
  if (organizationType === 'individual') return null;
  const bank = await q.bankDetailsRow(db, userId);
  return bank
    ? {
        inn: bank.inn,
        kpp: bank.kpp,
        ogrn: bank.ogrn,
        bik: bank.bik,
        bankName: bank.bank_name,
        paymentAccount: bank.payment_account,
        jurAddress: bank.jur_address,
        address: bank.address,
      }
    : null;
}

/** GET users/data-profile */
export async function dataProfile(ctx: AppContext, session: Session): Promise<DataProfile> {
  return (await profileWithLocations(ctx, session)).profile;
}

/**
 * The profile and the user's locations (as users/locations gives them) from one statement: the bank details
 * (dropped for an individual) and the locations come with the user's row.
 */
export async function profileWithLocations(
  ctx: AppContext,
  session: Session,
): Promise<{ profile: DataProfile; locations: UserLocation[] }> {
  const row = await q.profileRow(ctx.database.db, session.userId);
  if (!row) throw notFound();
  return profileFromRow(ctx, session, row);
}

/** The profile and the locations from the user's row. */
export async function profileFromRow(
  ctx: AppContext,
  session: Session,
  row: q.ProfileRow,
): Promise<{ profile: DataProfile; locations: UserLocation[] }> {
  const { db } = ctx.database;
  const locations = locationsOf(row.locations, session);
  const roles = ownerRoles(session);
  const bankDetails =
    row.organization_type === 'individual' || row.bankUserId === null
      ? null
      : // The left join types every column as nullable; a stored row has the required ones.
        {
          inn: row.inn ?? '',
          kpp: row.kpp,
          ogrn: row.ogrn ?? '',
          bik: row.bik ?? '',
          bankName: row.bank_name ?? '',
          paymentAccount: row.payment_account ?? '',
          jurAddress: row.jur_address,
          address: row.address ?? '',
        };
  const manager =
    row.managerName !== null
      ? {
          name: row.managerName,
          nameEn: row.managerNameEn ?? '',
          phone: row.managerPhone ?? '',
          email: row.managerEmail ?? '',
        }
      : await q
          .defaultManager(db)
          .then((m) =>
            m ? { name: m.name, nameEn: m.name_en, phone: m.phone, email: m.email } : FALLBACK_MANAGER,
          );
  const organization = ORGANIZATION_TYPES[row.organization_type];
  // A stored role the user no longer holds falls back to the spec's rule: INVESTOR when several, else the one.
  const currentRole =
    row.selected_role && roles.includes(row.selected_role) ? row.selected_role : (roles[0] ?? null);
  const profile: DataProfile = {
    id: row.id,
    lastName: row.last_name,
    firstName: row.first_name,
    middleName: row.middle_name,
    name: [row.last_name, row.first_name, row.middle_name].filter(Boolean).join(' '),
    avatar: row.avatarKey ? `/api/v1/files/${row.avatarKey}` : null,
    contractNumber: row.contract_number,
    contractDate: row.contract_date,
    useDiadoc: row.use_diadoc,
    organizationType: { code: row.organization_type, ...organization },
    roles: roles.map((code) => ({ code, name: ROLES[code].name, nameEn: ROLES[code].nameEn })),
    phone: row.phone,
    email: row.email,
    bankDetails,
    twoFactorEnabled: row.two_factor_phone !== null,
    totpEnabled: row.totp_enabled_at !== null,
    recoveryCodesLeft: row.recoveryCodesLeft,
    secondFactorRequired:
      session.roles.some((role) => role === 'MANAGER' || role === 'ADMIN') &&
      (await staffLacksSecondFactor(ctx, session.userId)),
    needSign: row.needSign,
    currentRole,
    currentLocale: row.locale,
    allLocales: [...LOCALES],
    allLocations: roles.map((roleCode) => ({
      roleCode,
      locations: locations.filter((l) => l.roleCode === roleCode).map((l) => ({ id: l.id })),
    })),
    managerData: manager,
  };
  return { profile, locations };
}

/**
 * POST users/profile: applies only the fields sent. E-mail and phone stay unique, since they sign in. A change of
 * either needs the current password in the same call (no code vouches for it: the recovery link and SMS codes
 * follow these contacts), is announced to the old address and phone, and ends every other session.
 */
export async function updateProfile(
  ctx: AppContext,
  session: Session,
  input: {
    email?: string | undefined;
    phone?: string | undefined;
    currentRole?: RoleCode | undefined;
    currentLocale?: Locale | undefined;
  } & StepUpProof,
): Promise<DataProfile> {
  const { password, code: _code, ...changes } = input;
  if (changes.currentRole && !session.roles.includes(changes.currentRole)) {
    throw badRequest('profile.roleNotHeld', 'currentRole');
  }
  const { db } = ctx.database;
  const before = await q.contactsOf(db, session.userId);
  const emailChanges = changes.email !== undefined && changes.email !== before?.email;
  const phoneChanges = changes.phone !== undefined && changes.phone !== before?.phone;
  if (emailChanges || phoneChanges) await requirePassword(ctx, session.userId, { password });
  const taken = (column: 'email' | 'phone', value: string) =>
    q.contactTakenByOther(db, column, value, session.userId);
  if (changes.email !== undefined && (await taken('email', changes.email)))
    throw conflict('profile.emailTaken', 'email');
  if (changes.phone !== undefined && (await taken('phone', changes.phone)))
    throw conflict('profile.phoneTaken', 'phone');
  const set = {
    ...(changes.email !== undefined ? { email: changes.email } : {}),
    ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
    ...(changes.currentRole !== undefined ? { selected_role: changes.currentRole } : {}),
    ...(changes.currentLocale !== undefined ? { locale: changes.currentLocale } : {}),
  };
  if (Object.keys(set).length > 0) {
    try {
      await db.transaction().execute(async (trx) => {
        await q.updateUser(trx, session.userId, set);
        if ((emailChanges || phoneChanges) && before) {
          await announceContactChange(trx, before, {
            email: emailChanges ? (changes.email ?? null) : null,
            phone: phoneChanges ? (changes.phone ?? null) : null,
          });
          await revokeUserSessions(trx, session.userId, session.sessionId);
        }
      });
    } catch (error) {
      // Two users racing for the same address: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw conflict('profile.emailTaken', 'email');
      throw error;
    }
    ctx.outbox.nudge();
  }
  return dataProfile(ctx, session);
}

/**
 * A bank-details request needs the current password (or a code of an authenticator app on for over a day): it
 * moves the money.
 */
export async function sendChangeDataRequest(
  ctx: AppContext,
  session: Session,
  input: { kind: 'base_data' | 'bank_details'; message: string } & StepUpProof,
): Promise<number> {
  if (input.kind === 'bank_details') await requireStepUp(ctx, session.userId, input);
  const id = await ctx.database.db.transaction().execute((trx) =>
    createManagerRequest(
      ctx,
      trx,
      session.userId,
      input.kind === 'base_data' ? 'change_data' : 'bank_details',
      {
        message: input.message,
      },
    ),
  );
  ctx.outbox.nudge();
  return id;
}

/** POST users/deleteaccount: the manager deactivates the account after the request (backoffice deactivateOwner). */
export async function requestAccountDeletion(
  ctx: AppContext,
  session: Session,
  proof: StepUpProof,
): Promise<number> {
  await requireStepUp(ctx, session.userId, proof);
  const id = await ctx.database.db
    .transaction()
    .execute((trx) => createManagerRequest(ctx, trx, session.userId, 'account_deletion', {}));
  ctx.outbox.nudge();
  return id;
}

const AVATAR_TYPES = new Set(['image/jpeg', 'image/png']);

/** Stores a JPEG or PNG avatar (checked by content, at most 2 MB) and drops the previous one. */
export async function uploadAvatar(ctx: AppContext, session: Session, data: Buffer): Promise<string> {
  if (data.length > AVATAR_MAX_BYTES) {
    throw new AppError(413, ERROR_CODES.tooLarge, 'avatar.size', { fields: { file: 'avatar.size' } });
  }
  const type = await fileTypeFromBuffer(data);
  if (!type || !AVATAR_TYPES.has(type.mime)) throw badRequest('avatar.type', 'file');
  const key = `avatars/${randomBytes(18).toString('base64url')}`;
  await ctx.files.put(key, data);
  const previousKey = await ctx.database.db.transaction().execute(async (trx) => {
    const previous = await q.avatarOf(trx, session.userId);
    const uploadId = await q.insertAvatarUpload(trx, {
      key,
      userId: session.userId,
      mimeType: type.mime,
      size: data.length,
    });
    await q.updateUser(trx, session.userId, { avatar_upload_id: uploadId });
    if (previous) await q.deleteUpload(trx, previous.id);
    return previous?.storage_key;
  });
  if (previousKey) await ctx.files.delete(previousKey);
  return `/api/v1/files/${key}`;
}

export async function deleteAvatar(ctx: AppContext, session: Session): Promise<void> {
  const key = await ctx.database.db.transaction().execute(async (trx) => {
    const current = await q.avatarOf(trx, session.userId);
    if (!current) return undefined;
    await q.updateUser(trx, session.userId, { avatar_upload_id: null });
    await q.deleteUpload(trx, current.id);
    return current.storage_key;
  });
  if (key) await ctx.files.delete(key);
}

/** Avatars are served by an unguessable key, so an <img> loads them without the bearer header. */
export async function readAvatar(
  ctx: AppContext,
  key: string,
): Promise<(RangeSource & { mimeType: string }) | null> {
  const upload = await q.avatarUpload(ctx.database.db, key);
  if (!upload) return null;
  const file = await storedFileSource(ctx.files, key);
  return file ? { ...file, mimeType: upload.mime_type } : null;
}

export async function userLocale(ctx: AppContext, session: Session): Promise<Locale> {
  return q.localeOf(ctx.database.db, session.userId);
}

export async function setUserLocale(ctx: AppContext, session: Session, locale: Locale): Promise<void> {
  await q.updateUser(ctx.database.db, session.userId, { locale });
}

/** Tells the old e-mail (and the old phone, when the phone changes) that the sign-in contacts changed. */
async function announceContactChange(
  db: Executor,
  before: { email: string | null; phone: string | null; locale: Locale },
  after: { email: string | null; phone: string | null },
) {
  if (before.email) {
    await enqueueEmail(db, { to: before.email, ...contactChangedEmail(before.locale, after) });
  }
  if (after.phone && before.phone) {
    await enqueueSms(db, { to: before.phone, text: contactChangedSms(before.locale) });
  }
}
