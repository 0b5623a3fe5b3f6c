import type { Executor } from '../db/executor.ts';
import { sanitizeHtml } from '../integrations/html.ts';

type Entry = { question: string; questionEn: string; answer: string; answerEn: string };

/** The FAQ of the demo: what owners of hotel units and lenders ask their manager most. */
const ENTRIES: Entry[] = [
  {
    question: 'Как начисляется доход по моему юниту?',
    questionEn: 'How is the income of my unit calculated?',
    answer:
      '<p>Доход считается раз в месяц: из выручки юнита от бронирований вычитаются операционные расходы комплекса пропорционально площади, а оставшаяся сумма делится между вами и управляющей компанией по договору.</p><p>Подробности по месяцам — на странице <b>«Доходность»</b>.</p>',
    answerEn:
      "<p>Income is calculated monthly: the complex's operating expenses, shared by area, are deducted from the unit's booking revenue, and the rest is split between you and the management company as the contract says.</p><p>See the <b>Income</b> page for each month.</p>",
  },
  {
    question: 'Когда приходят выплаты?',
    questionEn: 'When are payouts made?',
    answer:
      '<p>Выплата за месяц приходит до 15 числа следующего месяца на реквизиты из профиля. Если вы сменили реквизиты, отправьте запрос менеджеру в профиле — новые реквизиты начнут действовать со следующей выплаты.</p>',
    answerEn:
      '<p>A month is paid by the 15th of the next month to the bank details in your profile. If your details changed, send a request to your manager from the profile: the new details apply from the next payout.</p>',
  },
  {
    question: 'Что означают ROI и срок окупаемости?',
    questionEn: 'What do ROI and payback mean?',
    answer:
      '<p><b>ROI в год</b> — средний месячный доход × 12, делённый на сумму вложений. <b>Срок окупаемости</b> — сколько месяцев нужно при среднем доходе, чтобы вернуть вложенное.</p>',
    answerEn:
      '<p><b>ROI per year</b> is the average monthly income × 12 divided by what you invested. <b>Payback</b> is how many months of average income return the investment.</p>',
  },
  {
    question: 'Как подписать документ?',
    questionEn: 'How do I sign a document?',
    answer:
      '<p>Откройте раздел <b>«Документы»</b>, в строке документа со статусом «Требует подписи» выберите «Загрузить подписанный документ» и приложите PDF с подписью. Если вы подключены к системе электронного документооборота, подпишите документ в ней.</p>',
    answerEn:
      '<p>Open <b>Documents</b>, and in the row of a document that needs a signature choose “Upload signed document” and attach the signed PDF. If you use the electronic document service, sign it there.</p>',
  },
  {
    question: 'Можно ли продать свой юнит?',
    questionEn: 'Can I sell my unit?',
    answer:
      '<p>Да. На странице <b>«Мои активы»</b> нажмите «Продать актив» и укажите цену. Юнит появится в разделе «Лоты от инвесторов», а менеджер поможет с покупателем и документами.</p>',
    answerEn:
      '<p>Yes. On <b>My assets</b> press “Sell asset” and set a price. The unit appears among the investors’ lots, and your manager helps with the buyer and the papers.</p>',
  },
  {
    question: 'Могу ли я жить в своём номере?',
    questionEn: 'Can I stay in my own room?',
    answer:
      '<p>Да, до 14 ночей в год в дни, когда номер свободен. Забронируйте проживание через менеджера не позднее чем за 7 дней; на эти ночи доход по юниту не начисляется.</p>',
    answerEn:
      '<p>Yes, up to 14 nights a year on days the room is free. Book through your manager at least 7 days ahead; those nights earn no income for the unit.</p>',
  },
  {
    question: 'Как следить за ходом строительства?',
    questionEn: 'How can I follow the construction?',
    answer:
      '<p>Этапы строительства — в разделе <b>«Таймлайн»</b>, фото- и видеоотчёты — в разделе «Фото- и видеоотчёты», а трансляции с площадки — в разделе «Камеры».</p>',
    answerEn:
      '<p>The construction stages are on the <b>Timeline</b>, photo and video reports under Reports, and the live views of the site under Cameras.</p>',
  },
  {
    question: 'Я займодатель. Как конвертировать заём в долю?',
    questionEn: 'I am a lender. How do I convert my loan into a share?',
    answer:
      '<p>На главной странице нажмите «Оставить заявку» в блоке конвертации. Менеджер свяжется с вами, рассчитает долю и подготовит документы.</p>',
    answerEn:
      '<p>Press “Leave a request” in the conversion block of the main page. Your manager will call you, work out the share and prepare the papers.</p>',
  },
  {
    question: 'Как изменить телефон или e-mail?',
    questionEn: 'How do I change my phone or e-mail?',
    answer:
      '<p>В <b>профиле</b> нажмите «Редактировать», измените контакты и сохраните. Паспортные данные и реквизиты меняются через запрос менеджеру.</p>',
    answerEn:
      '<p>In your <b>profile</b> press “Edit”, change the contacts and save. Passport data and bank details change through a request to your manager.</p>',
  },
  {
    question: 'Как быстро ответят на мой вопрос?',
    questionEn: 'How soon will my question be answered?',
    answer:
      '<p>Менеджер отвечает в течение 24 часов в рабочие дни — по телефону или на e-mail из вашего профиля.</p>',
    answerEn:
      '<p>Your manager answers within 24 hours on working days, by phone or to the e-mail in your profile.</p>',
  },
];

export async function seedFaq(db: Executor): Promise<void> {
  await db
    .insertInto('faq')
    .values(
      ENTRIES.map((entry, index) => ({
        position: index + 1,
        question: entry.question,
        question_en: entry.questionEn,
        answer: sanitizeHtml(entry.answer),
        answer_en: sanitizeHtml(entry.answerEn),
      })),
    )
    .execute();
}
