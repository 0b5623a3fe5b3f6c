import type { Executor } from '../db/executor.ts';
import { subjectOf } from '../modules/requests/service.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

const DAY_MS = 86_400_000;

/**
 * The back office of the demo: the admin account, and an inbox with requests of every stage, so the console
 * has work to show on first start.
 */
export async function seedBackoffice(db: Executor, passwords: Map<number, string>, now: Date) {
  const admin = DEMO_ACCOUNTS.find((account) => account.login === 'admin@example.com');
  if (!admin) throw new Error('the demo admin account is missing');
  await db
    .insertInto('users')
    .values({
      id: admin.id,
      email: admin.login,
      phone: admin.phone,
      password_hash: passwords.get(admin.id) ?? null,
      is_active: true,
      last_name: 'Кравцов',
      first_name: 'Игорь',
      middle_name: 'Петрович',
    })
    .execute();
  await db.insertInto('user_roles').values({ user_id: admin.id, role: 'ADMIN' }).execute();

  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);
  const requests = [
    {
      user: 1,
      manager: 1,
      kind: 'change_data',
      status: 'new',
      days: 0,
      payload: { message: 'Прошу изменить адрес регистрации: г. Москва, ул. Лесная, д. 5, кв. 12' },
    },
    { user: 3, manager: 1, kind: 'callback', status: 'new', days: 1, payload: { phone: '+79990000003' } },
    {
      user: 3,
      manager: 1,
      kind: 'bank_details',
      status: 'new',
      days: 1,
      payload: { message: 'Смените расчётный счёт на 40702810900000001234, банк тот же' },
    },
    {
      user: 1,
      manager: 1,
      kind: 'document',
      status: 'in_progress',
      days: 3,
      payload: { category: 'Акт сверки', comment: 'За 2025 год' },
    },
    {
      user: 3,
      manager: 1,
      kind: 'faq_question',
      status: 'done',
      days: 9,
      payload: { question: 'Когда приходят выплаты?' },
      comment: 'Ответили по телефону: до 15 числа каждого месяца.',
    },
    {
      user: 2,
      manager: 2,
      kind: 'conversion',
      status: 'new',
      days: 2,
      payload: { message: 'Хочу конвертировать заём в долю' },
    },
  ] as const;
  for (const request of requests) {
    const at = ago(request.days, 2);
    await db
      .insertInto('requests')
      .values({
        user_id: request.user,
        manager_id: request.manager,
        kind: request.kind,
        status: request.status,
        // As the portal stores them: the lender's open conversion request rests the button.
        subject: subjectOf(request.kind, request.payload),
        payload: JSON.stringify(request.payload),
        manager_comment: 'comment' in request ? request.comment : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
