import type { Locale } from '@portal/contract/constants';
import { formatPhone } from '@portal/contract/validation';

/** Texts of the notices the account calls send, in the recipient's language. */

const hide = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

/** To the old e-mail after an e-mail or phone change: the new address is shown half hidden. */
export function contactChangedEmail(locale: Locale, after: { email: string | null; phone: string | null }) {
  const what = [
    after.email ? `e-mail: ${hide(after.email)}` : null,
    after.phone
      ? locale === 'en'
        ? `phone: ${formatPhone(after.phone).slice(0, 7)}***-**-${after.phone.slice(-2)}`
        : `телефон: ${formatPhone(after.phone).slice(0, 7)}***-**-${after.phone.slice(-2)}`
      : null,
  ]
    .filter(Boolean)
    .join(', ');
  return locale === 'en'
    ? {
        subject: 'The sign-in details of your investor portal account changed',
        text: `Hello!\n\nThe sign-in details of your account were changed (${what}). Every other session was signed out.\n\nIf it was not you, restore access through password recovery at once and tell your manager.`,
      }
    : {
        subject: 'Изменены данные для входа в личный кабинет инвестора',
        text: `Здравствуйте!\n\nДанные для входа в ваш аккаунт изменены (${what}). Все остальные сеансы завершены.\n\nЕсли это были не вы, сразу восстановите доступ через восстановление пароля и сообщите своему менеджеру.`,
      };
}

export function contactChangedSms(locale: Locale) {
  return locale === 'en'
    ? 'Investor portal: the phone of your account was changed. Not you? Recover the password and call your manager.'
    : 'Личный кабинет инвестора: телефон аккаунта изменён. Если это не вы, восстановите пароль и позвоните менеджеру.';
}
