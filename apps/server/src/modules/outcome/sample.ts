import type { Locale } from '@portal/contract/constants';
import type { OutcomeData, OutcomeRow } from '@portal/contract/finance';
import { operatingFigures } from '@portal/contract/money-rules';
import { formatRubles } from '../../shared/money.ts';

/**
 * The demo profile (id 1223) sees these sample rows and figures on the income-outcome pages, whatever the month
 * (the spec's demo profile; its month picker is hidden).
 */
const row = (
  id: number,
  date: string,
  category: [number, string, string],
  article: [string, string],
  amount: number,
) => ({
  id,
  date,
  category: { id: category[0], text: category[1], textEn: category[2] },
  article,
  amount,
});

const ACCOMMODATION: [number, string, string] = [1, 'Проживание', 'Accommodation'];
const EXTRA: [number, string, string] = [3, 'Дополнительные услуги', 'Extra services'];
const PAYROLL: [number, string, string] = [10, 'Фонд оплаты труда', 'Payroll'];
const UTILITIES: [number, string, string] = [11, 'Коммунальные услуги', 'Utilities'];
const MARKETING: [number, string, string] = [12, 'Маркетинг', 'Marketing'];
const COMMISSIONS: [number, string, string] = [13, 'Комиссии агрегаторов', 'OTA commissions'];

const INCOMES = [
  row(1, '2024-07-05', ACCOMMODATION, ['Оплата проживания гостей', 'Guest accommodation payment'], 1_845_300),
  row(2, '2024-07-12', ACCOMMODATION, ['Оплата проживания гостей', 'Guest accommodation payment'], 1_512_700),
  row(3, '2024-07-20', EXTRA, ['Оплата дополнительных услуг', 'Extra services payment'], 342_000),
];
const OUTCOMES = [
  row(4, '2024-07-10', PAYROLL, ['Заработная плата персонала', 'Staff salaries'], 640_000),
  row(5, '2024-07-15', UTILITIES, ['Электроэнергия', 'Electricity'], 187_450),
  row(6, '2024-07-18', MARKETING, ['Реклама в интернете', 'Online advertising'], 95_000),
  row(7, '2024-07-25', COMMISSIONS, ['Комиссия Яндекс Путешествий', 'Yandex Travel commission'], 201_300),
];

export function sampleOutcomeData(locale: Locale): OutcomeData {
  // The article and the ready-made amount in the page's language.
  const inLanguage = ({ article, ...r }: ReturnType<typeof row>): OutcomeRow => ({
    ...r,
    article: locale === 'en' ? article[1] : article[0],
    amountText: formatRubles(r.amount, locale),
  });
  const incomeTotal = INCOMES.reduce((sum, r) => sum + r.amount, 0);
  const outcomeTotal = OUTCOMES.reduce((sum, r) => sum + r.amount, 0);
  const figures = operatingFigures(incomeTotal, outcomeTotal);
  return {
    ...figures,
    incomeTotal,
    incomePercent: 12.4,
    outcomeTotal,
    incomes: INCOMES.map(inLanguage),
    outcomes: OUTCOMES.map(inLanguage),
    isSample: true,
  };
}
