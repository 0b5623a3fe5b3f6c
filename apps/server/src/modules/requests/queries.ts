import type { RequestKindCode } from '@portal/contract/requests';
import type { Executor } from '../../db/executor.ts';
import { prepared } from '../../db/prepared.ts';

const OPEN = ['new', 'in_progress'] as const;

/** The user's open requests (new or in progress) that have a subject, newest first. */
export async function openRequestsWithSubject(db: Executor, userId: number) {
  return openRequestsWithSubjectStatement(db, { userId });
}

const openRequestsWithSubjectStatement = prepared(
  'openRequestsWithSubject',
  (db, { userId }: { userId: number }) => openRequestsWithSubjectQuery(db, userId),
);

/** openRequestsWithSubject's statement, for users/layout to read in its own. */
export const openRequestsWithSubjectQuery = (db: Executor, userId: number) =>
  db
    .selectFrom('requests')
    .select(['id', 'kind', 'subject', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .where('subject', 'is not', null)
    .where('status', 'in', OPEN)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');

/** A row of openRequestsWithSubject; its time as a Date, or as the text of users/layout's JSON. */
export type OpenRequestRow = Omit<
  Awaited<ReturnType<typeof openRequestsWithSubject>>[number],
  'created_at'
> & {
  created_at: Date | string;
};

/** An open request (new or in progress) of the user of one kind about one subject. */
export async function openRequestAbout(db: Executor, userId: number, kind: RequestKindCode, subject: string) {
  return db
    .selectFrom('requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
}

/** The user's name and contacts with their manager's id and e-mail (null without a manager). */
export async function ownerWithManager(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('managers', 'managers.id', 'users.manager_id')
    .select([
      'users.id',
      'users.last_name',
      'users.first_name',
      'users.middle_name',
      'users.email',
      'users.phone',
      'managers.id as managerId',
      'managers.email as managerEmail',
      (eb) =>
        eb
          .selectFrom('users as staff')
          .select('staff.locale')
          .whereRef('staff.id', '=', 'managers.user_id')
          .as('managerLocale'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function defaultManager(db: Executor) {
  return db
    .selectFrom('managers')
    .leftJoin('users as staff', 'staff.id', 'managers.user_id')
    .select(['managers.id', 'managers.email', 'staff.locale'])
    .where('managers.is_default', '=', true)
    .executeTakeFirst();
}

/** The user's requests with the manager's answer, newest first; signed copies are answered on the document. */
export async function requestsOfUser(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('requests')
    .select(['id', 'kind', 'status', 'payload', 'manager_comment', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('kind', '<>', 'signed_document')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Completes the user's open request of a kind about a subject with the comment; answers whether one was open. */
export async function completeOpenRequest(
  db: Executor,
  userId: number,
  kind: RequestKindCode,
  subject: string,
  comment: string | null,
) {
  const rows = await db
    .updateTable('requests')
    .set({ status: 'done', manager_comment: comment, updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .where('status', 'in', OPEN)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function insertRequest(
  db: Executor,
  request: {
    userId: number;
    managerId: number | null;
    kind: RequestKindCode;
    subject: string | null;
    payload: string;
  },
) {
  return db
    .insertInto('requests')
    .values({
      user_id: request.userId,
      manager_id: request.managerId,
      kind: request.kind,
      subject: request.subject,
      payload: request.payload,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A document category's English name, for a mail to a manager who reads English. */
export async function documentCategoryNameEn(db: Executor, categoryId: number) {
  return db
    .selectFrom('document_categories')
    .select('name_en')
    .where('id', '=', categoryId)
    .executeTakeFirst();
}

/** A unit's names with its location's, for a mail naming the unit in words. */
export async function unitWithLocation(db: Executor, unitId: number) {
  return db
    .selectFrom('units')
    .innerJoin('locations', 'locations.id', 'units.location_id')
    .select(['units.name', 'units.name_en', 'locations.name as location', 'locations.name_en as locationEn'])
    .where('units.id', '=', unitId)
    .executeTakeFirst();
}
