import type { BackofficeCatalogue } from '@portal/contract/backoffice';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { enBackoffice } from '../../shared/i18n/en-backoffice';
import { ru } from '../../shared/i18n/ru';
import { ruBackoffice } from '../../shared/i18n/ru-backoffice';
import { auditObject, describeAudit, describeRequest, displayPhone, namesFrom } from './backoffice-format';
import { catalogueInEnglish } from './queries';

const catalogue: BackofficeCatalogue = {
  managers: [
    { id: 1, name: 'Ольга Белова', nameEn: 'Olga Belova' },
    { id: 2, name: 'Дмитрий Соколов', nameEn: 'Dmitry Sokolov' },
  ],
  locations: [
    { id: 1, name: 'Лесной SPA-отель «Сосны»', nameEn: 'Forest SPA hotel "Pines"' },
    { id: 7, name: 'Комплекс «Берег»: озёрная часть', nameEn: '"Shore" complex: lake part' },
  ],
  units: [{ id: 13, name: 'Баня №2', nameEn: 'Banya No. 2', locationId: 1 }],
};
const names = namesFrom(catalogue);
const text = (lines: Array<{ label: string; value: string }>) => lines.map((l) => `${l.label}: ${l.value}`);

describe('the console in words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'ru',
      fallbackLng: 'en',
      resources: {
        ru: { translation: { ...ru, ...ruBackoffice } },
        en: { translation: { ...en, ...enBackoffice } },
      },
    });
  });
  const t = (...args: Parameters<typeof i18n.t>) => i18n.t(...args);

  it('formats phones with the spec mask', () => {
    expect(displayPhone('+79990000001')).toBe('+7 (999) 000-00-01');
    expect(displayPhone(null)).toBe('');
  });

  it("tells a buy request by the unit's name and location, the price in rubles and the seller's card", () => {
    const lines = describeRequest(
      {
        kind: 'buy_lot',
        payload: {
          lotId: 4,
          unitId: 13,
          ownerInvestorId: 5,
          unit: 'Баня №2',
          location: 'Лесной SPA-отель «Сосны»',
          price: 7_400_000,
        },
      },
      t as never,
      'ru',
      names,
    );
    expect(text(lines)).toEqual([
      'Юнит: Баня №2, Лесной SPA-отель «Сосны»',
      'Продавец: клиент №5',
      'Цена: 7\u00a0400\u00a0000\u00a0₽',
    ]);
    expect(lines.find((l) => l.key === 'ownerInvestorId')?.href).toBe('/backoffice/owners/5');
    expect(lines.map((l) => l.value).join(' ')).not.toMatch(/unitId|ownerInvestorId|lotId/);
  });

  it('names a company lot, a sale notice, a callback from the promo page and a document request', () => {
    expect(
      text(
        describeRequest(
          { kind: 'buy_lot', payload: { companyLotId: 2, unitId: 13, ownerInvestorId: 0 } },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Юнит: Баня №2, Лесной SPA-отель «Сосны»', 'Продавец: компания (лот компании)']);
    expect(
      text(
        describeRequest(
          {
            kind: 'sale_notice',
            payload: { unitId: 13, unit: 'Баня №2', status: 'listed', price: 6_500_000 },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Юнит: Баня №2, Лесной SPA-отель «Сосны»',
      'Действие: выставлен на продажу',
      'Цена: 6\u00a0500\u00a0000\u00a0₽',
    ]);
    expect(
      text(
        describeRequest(
          { kind: 'callback', payload: { phone: '+79990000002', source: 'promo' } },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Телефон: +7 (999) 000-00-02', 'Откуда: страница «Лоты от инвесторов»']);
    expect(
      text(
        describeRequest(
          { kind: 'document', payload: { category: 'Акт сверки', categoryId: 372390, comment: '—' } },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Документ: Акт сверки']);
  });

  it('says what a change did: statuses, managers, units, money, dates and loans', () => {
    expect(
      text(
        describeAudit(
          {
            action: 'request.status',
            details: { from: 'new', to: 'in_progress', kind: 'buy_lot', comment: null },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Статус: Новая → В работе', 'Вид заявки: Покупка лота']);
    expect(
      text(
        describeAudit(
          {
            action: 'owner.update',
            details: { manager_id: 2, phone: '+79990000009', contract_date: '2024-02-15', requestId: 9 },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Менеджер: Дмитрий Соколов',
      'Телефон: +7 (999) 000-00-09',
      'Дата договора: 15.02.2024',
      'Заявка: заявка №9',
    ]);
    expect(
      text(
        describeAudit(
          {
            action: 'owner.unit.add',
            details: { unitId: 13, relation: 'owner', invested: 6_500_000, investedAt: '2023-05-02' },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Юнит: Баня №2, Лесной SPA-отель «Сосны»',
      'Связь: Владелец',
      'Вложено: 6\u00a0500\u00a0000\u00a0₽',
      'Дата вложения: 02.05.2023',
    ]);
    // A correction: each changed field before and after, in words.
    expect(
      text(
        describeAudit(
          {
            action: 'owner.unit.update',
            details: {
              unitId: 13,
              changes: {
                invested: { from: 6_500_000, to: 6_050_000 },
                investedAt: { from: null, to: '2023-05-02' },
                relation: { from: 'owner', to: 'lender' },
              },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Юнит: Баня №2, Лесной SPA-отель «Сосны»',
      'Вложено: 6\u00a0500\u00a0000\u00a0₽ → 6\u00a0050\u00a0000\u00a0₽',
      'Дата вложения: — → 02.05.2023',
      'Связь: Владелец → Займодатель',
    ]);
    // The catalogue's corrections: list items by name, a location's infrastructure as a list, not JSON.
    expect(
      text(
        describeAudit(
          {
            action: 'catalogue.unit.update',
            details: {
              changes: {
                type: { from: 'Стандарт', to: 'Джуниор сюит' },
                stage: { from: null, to: 'Отделка' },
              },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Тип: Стандарт → Джуниор сюит', 'Стадия: — → Отделка']);
    expect(
      text(
        describeAudit(
          {
            action: 'catalogue.location.update',
            details: {
              changes: {
                infrastructure: {
                  from: [],
                  to: [
                    { name: 'Баня', nameEn: 'Banya', count: 2 },
                    { name: 'Парковка', nameEn: 'Parking', count: 1 },
                  ],
                },
              },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Инфраструктура: — → Баня × 2, Парковка × 1']);
    expect(
      text(
        describeAudit(
          {
            action: 'owner.unit.end',
            details: { unitId: 13, changes: { endedOn: { from: null, to: '2026-11-26' } } },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Юнит: Баня №2, Лесной SPA-отель «Сосны»', 'Дата окончания связи: — → 26.11.2026']);
    expect(
      text(
        describeAudit(
          {
            action: 'owner.loan.add',
            details: { locationId: 7, amount: 1_000_000, termYearMonth: 36, ratePercent: 12 },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Локация: Комплекс «Берег»: озёрная часть',
      'Сумма: 1\u00a0000\u00a0000\u00a0₽',
      'Срок: 36 месяцев',
      'Ставка: 12%',
    ]);
    // Since the term is the month the loan ends (yyyymm), it reads as that month.
    expect(
      text(
        describeAudit(
          {
            action: 'owner.loanPayment.update',
            details: {
              changes: {
                yearMonth: { from: 202601, to: 202602 },
                termYearMonth: { from: 202702, to: 202708 },
              },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Месяц: январь 2026 → февраль 2026', 'Срок: февраль 2027 → август 2027']);
    expect(
      text(
        describeAudit(
          { action: 'owner.bankDetails', details: { changed: ['bik', 'payment_account'] } },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Изменены поля: БИК, Расчётный счёт']);
    // A catalogue unit's and a news item's corrections, each field by its label.
    expect(
      text(
        describeAudit(
          {
            action: 'catalogue.unit.update',
            details: {
              changes: {
                capacity: { from: 4, to: 5 },
                part: { from: 'main', to: 'periphery' },
                dateOfLaunch: { from: '2027-12-01', to: '2028-03-01' },
              },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual([
      'Вместимость: 4 → 5',
      'Часть локации: Номерной фонд → Периферия',
      'Дата запуска: 01.12.2027 → 01.03.2028',
    ]);
    expect(
      text(
        describeAudit(
          {
            action: 'content.news.update',
            details: {
              changes: { forLenders: { from: false, to: true }, tag: { from: 'Займы', to: 'Новости' } },
            },
          },
          t as never,
          'ru',
          names,
        ),
      ),
    ).toEqual(['Для заимодавцев: нет → да', 'Метка: Займы → Новости']);
  });

  it('names the changed client and a request in the object column', () => {
    expect(auditObject({ entity: 'user', entityId: '5', entityName: 'Иванов Иван' }, t as never)).toEqual({
      text: 'Иванов Иван',
      href: '/backoffice/owners/5',
    });
    expect(auditObject({ entity: 'request', entityId: '9' }, t as never).text).toBe('заявка №9');
    expect(
      auditObject(
        { entity: 'user', entityId: '7', entityName: 'Соколов Дмитрий', action: 'staff.update' },
        t as never,
      ),
    ).toEqual({ text: 'Соколов Дмитрий' });
    expect(auditObject({ entity: 'import', entityId: null }, t as never).text).toBe('Загрузка данных');
  });

  it('speaks English in English', async () => {
    await i18n.changeLanguage('en');
    expect(
      text(
        describeRequest(
          { kind: 'buy_lot', payload: { unitId: 13, ownerInvestorId: 0, price: 100 } },
          t as never,
          'en',
          names,
        ),
      ),
    ).toEqual([
      'Unit: Баня №2, Лесной SPA-отель «Сосны»',
      "Seller: the company (the company's lot)",
      'Price: 100\u00a0₽',
    ]);
    // With the English console's catalogue, a request sent with Russian names reads in English.
    expect(
      text(
        describeRequest(
          {
            kind: 'sale_notice',
            payload: { unitId: 13, unit: 'Баня №2', location: 'Лесной SPA-отель «Сосны»' },
          },
          t as never,
          'en',
          namesFrom(catalogueInEnglish(catalogue)),
        ),
      ),
    ).toEqual(['Unit: Banya No. 2, Forest SPA hotel "Pines"']);
    await i18n.changeLanguage('ru');
  });
});
