import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@portal/contract/constants';
import {
  DEFAULT_NOTIFICATION_MODE,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationMode,
  type NotificationSetting,
} from '@portal/contract/notifications';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/executor.ts';
import { notFound } from '../../http/errors.ts';
import { portalNow } from '../../shared/clock.ts';
import { moscowDate } from '../../shared/time.ts';
import type { Session } from '../auth/sessions.ts';
import { enqueueKeyedEmail } from '../outbox/outbox.ts';
import * as q from './queries.ts';
import { eventText, KIND_NAMES } from './texts.ts';

/**
 * Events that concern an owner. A change that causes one calls `notify` in its own transaction: the event rows
 * (unique per kind, event key and recipient) land with the change or not at all, and a repeated change adds
 * nothing. The outbox worker then mails the pending rows (`dispatchNotifications`), each under a key of its event,
 * so however many instances run, one mail goes per event and recipient; the owner's choice per kind decides
 * whether it goes at once, in the next daily digest, or not at all.
 */

export type OwnerEvent = {
  kind: NotificationKind;
  /** What makes the event one: `document:42`, `request:7`, `income:202610`… */
  eventKey: string;
  params: Record<string, unknown>;
  /** A path of the portal ('/documents/'). */
  link: string;
};

export async function notify(db: Executor, userIds: number[], event: OwnerEvent): Promise<number> {
  return q.insertEvents(
    db,
    [...new Set(userIds)].map((userId) => ({ userId, ...event })),
  );
}

/** An event for every owner of a location (investors of its units, lenders of its loans), or of one unit of it. */
export async function notifyLocationOwners(
  db: Executor,
  place: { locationId: number; unitId: number | null },
  event: OwnerEvent,
): Promise<number> {
  return notify(db, await q.ownersOfLocation(db, place.locationId, place.unitId), event);
}

/** News: every reader of its roles gets the event in the activity list; mails go to those who turned news on. */
export async function notifyOwnersWithRoles(
  db: Executor,
  roles: Array<'INVESTOR' | 'LENDER'>,
  event: OwnerEvent,
): Promise<number> {
  return notify(db, await q.ownersWithRoles(db, roles), event);
}

const LIST_LIMIT = 100;

/** GET /notifications: the activity list in both languages, newest first, and the unread count. */
export async function activity(ctx: AppContext, session: Session) {
  const { db } = ctx.database;
  const [rows, unread] = await Promise.all([
    q.eventsOfUser(db, session.userId, LIST_LIMIT),
    q.unreadCount(db, session.userId),
  ]);
  const notifications: Notification[] = rows.map((row) => {
    const ru = eventText(row.kind, row.params, 'ru');
    const en = eventText(row.kind, row.params, 'en');
    return {
      id: Number(row.id),
      kind: row.kind,
      title: ru.title,
      titleEn: en.title,
      text: ru.text,
      textEn: en.text,
      link: row.link,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
    };
  });
  return { notifications, unread };
}

/** The unread count as a statement of its own (its row's `n`), for users/layout to read inside its one statement. */
export const unreadCountQuery = q.unreadCountQuery;

export async function unreadCount(ctx: AppContext, session: Session) {
  return { unread: await q.unreadCount(ctx.database.db, session.userId) };
}

/** POST /notifications/read: the user's own events only; ids of someone else's change nothing. */
export async function markRead(ctx: AppContext, session: Session, body: { ids?: number[]; all?: boolean }) {
  const { db } = ctx.database;
  await q.markRead(db, session.userId, body.all ? null : (body.ids ?? []));
  return { unread: await q.unreadCount(db, session.userId) };
}

async function settingsOf(db: Executor, userId: number): Promise<NotificationSetting[]> {
  const chosen = new Map((await q.settingsOf(db, userId)).map((row) => [row.kind, row.mode]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    mode: chosen.get(kind) ?? DEFAULT_NOTIFICATION_MODE[kind],
  }));
}

export async function settings(ctx: AppContext, session: Session) {
  return { settings: await settingsOf(ctx.database.db, session.userId) };
}

export async function updateSettings(
  ctx: AppContext,
  session: Session,
  body: { settings: NotificationSetting[] },
) {
  const { db } = ctx.database;
  await q.saveSettings(db, session.userId, body.settings);
  return { settings: await settingsOf(db, session.userId) };
}

/** The signature of an unsubscribe link: the account and the kind, keyed by the server's secret. */
export function unsubscribeToken(secret: string, userId: number, kind: NotificationKind): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${kind}`)
    .digest('base64url')
    .slice(0, 32);
}

/** POST /notifications/unsubscribe: a mail's signed link turns its kind off; a link the portal did not sign is 404. */
export async function unsubscribe(ctx: AppContext, query: { u: number; k: NotificationKind; t: string }) {
  const expected = Buffer.from(unsubscribeToken(ctx.config.jwtSecret, query.u, query.k));
  const given = Buffer.from(query.t);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound();
  const { db } = ctx.database;
  if (!(await q.userExists(db, query.u))) throw notFound();
  await q.saveSettings(db, query.u, [{ kind: query.k, mode: 'off' }]);
  return { kind: query.k, mode: 'off' as NotificationMode };
}

const localeOf = (value: string): Locale => (value === 'en' ? 'en' : 'ru');

function unsubscribeLinks(ctx: AppContext, userId: number, kind: NotificationKind) {
  const query = `u=${userId}&k=${kind}&t=${unsubscribeToken(ctx.config.jwtSecret, userId, kind)}`;
  return {
    page: `${ctx.config.publicUrl}/unsubscribe?${query}`,
    oneClick: `${ctx.config.publicUrl}/api/v1/notifications/unsubscribe?${query}`,
  };
}

/** The mail of one event, in the owner's language, with its link, the settings and the kind's unsubscribe. */
function eventMail(ctx: AppContext, event: q.PendingEvent) {
  const locale = localeOf(event.locale);
  const { title, text } = eventText(event.kind, event.params, locale);
  const links = unsubscribeLinks(ctx, event.user_id, event.kind);
  const open = event.link ? `${ctx.config.publicUrl}${event.link}` : ctx.config.publicUrl;
  const footer =
    locale === 'en'
      ? `Open the portal: ${open}\n\n—\nYou receive these mails («${KIND_NAMES[event.kind].en}») as your profile's notification settings say: ${ctx.config.publicUrl}/profile/\nUnsubscribe from them in one click: ${links.page}`
      : `Открыть личный кабинет: ${open}\n\n—\nЭти письма («${KIND_NAMES[event.kind].ru}») приходят по настройкам уведомлений вашего профиля: ${ctx.config.publicUrl}/profile/\nОтписаться от них в один клик: ${links.page}`;
  return {
    subject: title,
    text: `${text}\n\n${footer}`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const BATCH = 50;

/**
 * Turns the pending events into mails (the outbox worker calls it before each delivery round): at once, into the
 * digest, or none, by the owner's choice now. Answers how many events it settled.
 */
export async function dispatchNotifications(ctx: AppContext): Promise<number> {
  // Most ticks find nothing: asked first, outside a transaction.
  if (!(await q.hasPendingEvents(ctx.database.db))) return 0;
  return ctx.database.db.transaction().execute(async (trx) => {
    const events = await q.claimPendingEvents(trx, BATCH);
    const done: number[] = [];
    const digest: number[] = [];
    for (const event of events) {
      const mode = event.mode ?? DEFAULT_NOTIFICATION_MODE[event.kind];
      if (mode === 'off' || !event.email) {
        done.push(event.id);
      } else if (mode === 'digest') {
        digest.push(event.id);
      } else {
        await enqueueKeyedEmail(trx, {
          to: event.email,
          dedupeKey: `notification:${event.id}`,
          ...eventMail(ctx, event),
        });
        done.push(event.id);
      }
    }
    await q.setMailStatus(trx, done, 'done');
    await q.setMailStatus(trx, digest, 'digest');
    return events.length;
  });
}

/** The hour (Moscow time) from which the day's digests go out. */
export const DIGEST_HOUR = 9;

/**
 * The daily digests: from DIGEST_HOUR on, each owner with events waiting gets one mail a day with all of them.
 * The (owner, day) row is the claim: an instance that finds it taken leaves the owner's events for tomorrow.
 */
export async function runDigests(ctx: AppContext, now = portalNow(ctx.config.portalToday)): Promise<number> {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  if (moscow.getUTCHours() < DIGEST_HOUR) return 0;
  const day = moscowDate(now);
  const { db } = ctx.database;
  let sent = 0;
  for (const userId of await q.usersWithDigest(db, 500)) {
    if (await q.digestDone(db, userId, day)) continue;
    const mailed = await db.transaction().execute(async (trx) => {
      const events = await q.digestEvents(trx, userId);
      if (events.length === 0) return false;
      if (!(await q.claimDigest(trx, userId, day, events.length))) return false;
      const wanted = events.filter(
        (event) => (event.mode ?? DEFAULT_NOTIFICATION_MODE[event.kind]) === 'digest',
      );
      await q.setMailStatus(
        trx,
        events.map((event) => event.id),
        'done',
      );
      const first = wanted[0];
      if (!first?.email) return false;
      await enqueueKeyedEmail(trx, {
        to: first.email,
        dedupeKey: `digest:${userId}:${day}`,
        ...digestMail(ctx, wanted),
      });
      return true;
    });
    if (mailed) sent += 1;
  }
  return sent;
}

function digestMail(ctx: AppContext, events: q.PendingEvent[]) {
  const first = events[0] as q.PendingEvent;
  const locale = localeOf(first.locale);
  const items = events.map((event) => {
    const { title, text } = eventText(event.kind, event.params, locale);
    return `• ${title}\n${text}${event.link ? `\n${ctx.config.publicUrl}${event.link}` : ''}`;
  });
  const kinds = [...new Set(events.map((event) => event.kind))];
  const unsubscribe = kinds.map(
    (kind) => `${KIND_NAMES[kind][locale]}: ${unsubscribeLinks(ctx, first.user_id, kind).page}`,
  );
  const en = locale === 'en';
  return {
    subject: en
      ? `Your portal news of the day: ${events.length}`
      : `События дня в личном кабинете: ${events.length}`,
    text: `${items.join('\n\n')}\n\n—\n${
      en
        ? `The daily digest, as your profile's notification settings say: ${ctx.config.publicUrl}/profile/\nUnsubscribe in one click:`
        : `Ежедневная сводка по настройкам уведомлений вашего профиля: ${ctx.config.publicUrl}/profile/\nОтписаться в один клик:`
    }\n${unsubscribe.join('\n')}`,
    // A digest of one kind unsubscribes from that kind in one click; of several, the links in the text do.
    ...(kinds.length === 1 && kinds[0]
      ? {
          headers: {
            'List-Unsubscribe': `<${unsubscribeLinks(ctx, first.user_id, kinds[0]).oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
