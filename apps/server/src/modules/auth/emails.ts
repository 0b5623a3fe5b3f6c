import type { Locale } from '@portal/contract/constants';

/** Texts of the messages the auth calls send, in the recipient's language. */

export function signupEmail(locale: Locale, url: string) {
  return locale === 'en'
    ? {
        subject: 'Creating your account in the investor portal',
        text: `Hello!\n\nTo create your account and set a password, follow the link:\n${url}\n\nThe link is valid for 24 hours and works once. If you did not ask for it, ignore this letter.`,
      }
    : {
        subject: 'Создание аккаунта в личном кабинете инвестора',
        text: `Здравствуйте!\n\nЧтобы создать аккаунт и задать пароль, перейдите по ссылке:\n${url}\n\nСсылка действует 24 часа и работает один раз. Если вы не запрашивали её, просто проигнорируйте письмо.`,
      };
}

/** Whom an invitation is for: the account's roles as one word of the mail. */
export type InviteeRole = 'investor' | 'lender' | 'both' | 'staff';

export function inviteeRole(roles: readonly string[]): InviteeRole {
  if (roles.includes('MANAGER') || roles.includes('ADMIN')) return 'staff';
  if (roles.includes('INVESTOR') && roles.includes('LENDER')) return 'both';
  return roles.includes('LENDER') ? 'lender' : 'investor';
}

const CABINET: Record<InviteeRole, { ru: string; en: string }> = {
  investor: { ru: 'личном кабинете инвестора', en: 'investor portal' },
  lender: { ru: 'личном кабинете заимодавца', en: 'lender portal' },
  both: { ru: 'личном кабинете инвестора и заимодавца', en: 'investor and lender portal' },
  staff: { ru: 'консоли сотрудника', en: 'staff console' },
};

/**
 * An account the company made (console or CLI): the mail names the company and what the account is for. Nobody
 * asked for it themselves, so it says who did instead of «if you did not ask for it».
 */
export function invitationEmail(locale: Locale, url: string, role: InviteeRole, company: string) {
  const cabinet = CABINET[role][locale];
  return locale === 'en'
    ? {
        subject: `${company}: your account in the ${cabinet}`,
        text: `Hello!\n\n${company} has created your account in the ${cabinet}. To activate it and set a password, follow the link:\n${url}\n\nThe link is valid for 24 hours and works once; a link sent again replaces it. If you do not expect this letter, ignore it and tell ${company}.`,
      }
    : {
        subject: `${company}: ваш аккаунт в ${cabinet}`,
        text: `Здравствуйте!\n\n${company} создаёт для вас аккаунт в ${cabinet}. Чтобы активировать его и задать пароль, перейдите по ссылке:\n${url}\n\nСсылка действует 24 часа и работает один раз; ссылка, отправленная повторно, заменяет её. Если вы не ждали этого письма, проигнорируйте его и сообщите в ${company}.`,
      };
}

export function recoveryEmail(locale: Locale, url: string) {
  return locale === 'en'
    ? {
        subject: 'Password recovery in the investor portal',
        text: `Hello!\n\nTo create a new password, follow the link:\n${url}\n\nThe link is valid for 1 hour and works once. If you did not ask for it, ignore this letter: your password stays the same.`,
      }
    : {
        subject: 'Восстановление пароля в личном кабинете инвестора',
        text: `Здравствуйте!\n\nЧтобы создать новый пароль, перейдите по ссылке:\n${url}\n\nСсылка действует 1 час и работает один раз. Если вы не запрашивали её, просто проигнорируйте письмо: пароль останется прежним.`,
      };
}

export function alreadyActiveEmail(locale: Locale, loginUrl: string, recoveryUrl: string) {
  return locale === 'en'
    ? {
        subject: 'You already have an account in the investor portal',
        text: `Hello!\n\nSomeone asked to create an account for this address, but it already exists.\nSign in: ${loginUrl}\nForgot the password? Recover it: ${recoveryUrl}`,
      }
    : {
        subject: 'У вас уже есть аккаунт в личном кабинете инвестора',
        text: `Здравствуйте!\n\nДля этого адреса запросили создание аккаунта, но он уже существует.\nВойти: ${loginUrl}\nЗабыли пароль? Восстановите его: ${recoveryUrl}`,
      };
}

export function signupSms(locale: Locale, url: string) {
  return locale === 'en'
    ? `Investor portal: set your password at ${url} (valid 24 h)`
    : `Личный кабинет инвестора: задайте пароль по ссылке ${url} (действует 24 ч)`;
}

/** The invitation by SMS, for an owner with only a phone: as short as a message allows, still naming who and what. */
export function invitationSms(locale: Locale, url: string, role: InviteeRole, company: string) {
  const cabinet = CABINET[role][locale];
  return locale === 'en'
    ? `${company} created your account in the ${cabinet}. Activate it: ${url} (valid 24 h)`
    : `${company} создаёт вам аккаунт в ${cabinet}. Активируйте по ссылке ${url} (действует 24 ч)`;
}

export function codeSms(locale: Locale, code: string) {
  return locale === 'en'
    ? `Investor portal code: ${code}. Valid for 5 minutes. Do not share it.`
    : `Код для личного кабинета инвестора: ${code}. Действует 5 минут. Никому его не сообщайте.`;
}

/** A change of the account's second factor, told to the account so that a change its owner did not make shows. */
export type FactorChange = 'totpOn' | 'totpOff' | 'smsOn' | 'smsOff' | 'recoveryCodes';

const FACTOR_CHANGES: Record<FactorChange, { ru: string; en: string }> = {
  totpOn: { ru: 'подключено приложение-аутентификатор', en: 'an authenticator app was turned on' },
  totpOff: { ru: 'приложение-аутентификатор отключено', en: 'the authenticator app was turned off' },
  smsOn: { ru: 'включён вход с кодом по SMS', en: 'sign-in with an SMS code was turned on' },
  smsOff: { ru: 'вход с кодом по SMS отключён', en: 'sign-in with an SMS code was turned off' },
  recoveryCodes: {
    ru: 'созданы новые резервные коды (прежние больше не действуют)',
    en: 'new recovery codes were made (the old ones no longer work)',
  },
};

export function factorChangedEmail(locale: Locale, change: FactorChange) {
  const what = FACTOR_CHANGES[change][locale];
  return locale === 'en'
    ? {
        subject: 'The sign-in protection of your investor portal account changed',
        text: `Hello!\n\nIn your account ${what}. Every other session was signed out.\n\nIf it was not you, restore access through password recovery at once and tell your manager.`,
      }
    : {
        subject: 'Изменена защита входа в личный кабинет инвестора',
        text: `Здравствуйте!\n\nВ вашем аккаунте ${what}. Все остальные сеансы завершены.\n\nЕсли это были не вы, сразу восстановите доступ через восстановление пароля и сообщите своему менеджеру.`,
      };
}

/** The same notice by SMS, for an account without an e-mail. */
export function factorChangedSms(locale: Locale) {
  return locale === 'en'
    ? 'Investor portal: the sign-in protection of your account was changed. Not you? Recover the password and call your manager.'
    : 'Личный кабинет инвестора: изменена защита входа в аккаунт. Если это не вы, восстановите пароль и позвоните менеджеру.';
}

/**
 * The code of a sign-in challenge: many wrong passwords were typed for the account, then the right one came from an
 * address it never signed in from. The owner learns of it even when the sign-in was not theirs.
 */
export function signInChallengeEmail(locale: Locale, code: string, ip: string) {
  return locale === 'en'
    ? {
        subject: 'Sign-in code for the investor portal',
        text: `Hello!\n\nYour code to sign in: ${code}\nIt is valid for 5 minutes. Do not share it with anyone.\n\nWe ask for it because your account has had many failed sign-in attempts and the right password was just typed from an address it was not used from before (${ip}).\nIf it was not you, do not enter the code anywhere and change your password in the profile or through password recovery.`,
      }
    : {
        subject: 'Код для входа в личный кабинет инвестора',
        text: `Здравствуйте!\n\nВаш код для входа: ${code}\nОн действует 5 минут. Никому его не сообщайте.\n\nМы просим код, потому что в ваш аккаунт было много неудачных попыток войти, а верный пароль только что ввели с адреса, с которого раньше не входили (${ip}).\nЕсли это были не вы, никуда не вводите код и смените пароль в профиле или через восстановление пароля.`,
      };
}
