import type { Locale } from '@portal/contract/constants';
import type { NotificationKind } from '@portal/contract/notifications';

/**
 * The words of each event, in either language, made from the parameters its row keeps: the activity list shows
 * them in the page's language and the mail in the owner's, so a row never stores a sentence in one language only.
 */

const MONTHS: Record<Locale, string[]> = {
  ru: [
    'январь',
    'февраль',
    'март',
    'апрель',
    'май',
    'июнь',
    'июль',
    'август',
    'сентябрь',
    'октябрь',
    'ноябрь',
    'декабрь',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** «октябрь 2026» / «October 2026» of a yyyymm; a yyyy is the year itself. */
export function periodName(period: number, locale: Locale): string {
  if (period < 10000) return String(period);
  return `${MONTHS[locale][(period % 100) - 1] ?? ''} ${Math.floor(period / 100)}`;
}

/** The kinds as the settings and the mails name them. */
export const KIND_NAMES: Record<NotificationKind, Record<Locale, string>> = {
  signature: { ru: 'Документы на подпись', en: 'Documents to sign' },
  document_review: { ru: 'Проверка подписанных документов', en: 'Review of signed documents' },
  request_answer: { ru: 'Ответы на заявки', en: 'Answers to requests' },
  report: { ru: 'Новые отчёты о строительстве', en: 'New construction reports' },
  income: { ru: 'Доход за месяц', en: "The month's income" },
  statement: { ru: 'Ежемесячные выписки', en: 'Monthly statements' },
  news: { ru: 'Новости', en: 'News' },
};

type Params = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
/** The English one where there is one, else the Russian. */
const pick = (params: Params, key: string, locale: Locale) =>
  (locale === 'en' && str(params[`${key}En`])) || str(params[key]);

/** The title (the mail's subject) and the text of an event in a language. */
export function eventText(
  kind: NotificationKind,
  params: Params,
  locale: Locale,
): { title: string; text: string } {
  const en = locale === 'en';
  const number = str(params.number);
  const document = `${pick(params, 'category', locale)}${number ? ` №${number}` : ''}`.trim();
  switch (kind) {
    case 'signature':
      return en
        ? {
            title: `A document awaits your signature: ${document}`,
            text: `${document} is ready for your signature.`,
          }
        : { title: `Документ ждёт вашей подписи: ${document}`, text: `${document} готов к подписанию.` };
    case 'document_review': {
      const signed = params.decision === 'signed';
      const comment = str(params.comment);
      if (signed)
        return en
          ? {
              title: `Your signed document is confirmed: ${document}`,
              text: `The manager confirmed your signed copy of ${document}.`,
            }
          : {
              title: `Подписанный документ принят: ${document}`,
              text: `Менеджер принял подписанную копию: ${document}.`,
            };
      return en
        ? {
            title: `Your signed document is returned: ${document}`,
            text: `The manager returned your signed copy of ${document}; it needs your signature again.${comment ? `\n\nThe manager's comment:\n${comment}` : ''}`,
          }
        : {
            title: `Подписанный документ возвращён: ${document}`,
            text: `Менеджер вернул подписанную копию (${document}): документ снова ждёт вашей подписи.${comment ? `\n\nКомментарий менеджера:\n${comment}` : ''}`,
          };
    }
    case 'request_answer': {
      const id = str(params.requestId);
      const title = pick(params, 'kindTitle', locale);
      const done = params.status === 'done';
      const ended = en
        ? done
          ? ['is done', 'has completed']
          : ['is refused', 'has refused']
        : done
          ? ['выполнена', 'выполнил']
          : ['отклонена', 'отклонил'];
      return en
        ? {
            title: `Your request No. ${id} ${ended[0]} — ${title}`,
            text: `The manager ${ended[1]} your request No. ${id} (${title}).\n\nThe manager's comment:\n${str(params.comment)}`,
          }
        : {
            title: `Ваша заявка №${id} ${ended[0]} — ${title}`,
            text: `Менеджер ${ended[1]} вашу заявку №${id} (${title}).\n\nКомментарий менеджера:\n${str(params.comment)}`,
          };
    }
    case 'report': {
      const title = pick(params, 'title', locale);
      const location = pick(params, 'location', locale);
      return en
        ? {
            title: `A new report: ${location}`,
            text: `A new construction and media report of ${location} is published: «${title}».`,
          }
        : {
            title: `Новый отчёт: ${location}`,
            text: `Опубликован новый отчёт о строительстве локации ${location}: «${title}».`,
          };
    }
    case 'income': {
      const month = periodName(Number(params.yearMonth), locale);
      return en
        ? {
            title: `The income for ${month} is loaded`,
            text: `The income of your units for ${month} is on the income page.`,
          }
        : {
            title: `Доход за ${month} загружен`,
            text: `Доход ваших юнитов за ${month} — на странице доходности.`,
          };
    }
    case 'statement': {
      const period = periodName(Number(params.period), locale);
      const yearly = params.statementKind === 'year';
      return en
        ? {
            title: yearly ? `Your statement for ${period} is ready` : `Your statement for ${period} is ready`,
            text: `Your ${yearly ? 'yearly' : 'monthly'} statement for ${period} is in your documents (category «Statements»), as a PDF.`,
          }
        : {
            title: yearly ? `Годовая выписка за ${period} готова` : `Выписка за ${period} готова`,
            text: `${yearly ? 'Годовая выписка' : 'Выписка'} за ${period} — в ваших документах (категория «Отчёты»), в PDF.`,
          };
    }
    case 'news': {
      const title = pick(params, 'title', locale);
      return en ? { title: `News: ${title}`, text: title } : { title: `Новость: ${title}`, text: title };
    }
  }
}
