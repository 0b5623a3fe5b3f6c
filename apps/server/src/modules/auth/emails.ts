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

export function codeSms(locale: Locale, code: string) {
  return locale === 'en'
    ? `Investor portal code: ${code}. Valid for 5 minutes. Do not share it.`
    : `Код для личного кабинета инвестора: ${code}. Действует 5 минут. Никому его не сообщайте.`;
}
