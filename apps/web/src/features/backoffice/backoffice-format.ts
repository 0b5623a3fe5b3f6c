import type {
  AuditEntry,
  BackofficeCatalogue,
  ManagerRequest,
  RequestKindCode,
  RequestStatus,
} from '@portal/contract/backoffice';
import type { Locale } from '@portal/contract/constants';
import { formatPhone } from '@portal/contract/field-rules';
import type { TFunction } from 'i18next';
import { formatDate, formatMoney, formatNumber, formatYearMonth } from '../../shared/format';

/**
 * The console's words for what owners sent and what managers changed: names, units, formatted money,
 * dates and phones instead of the raw `price: 7400000 / unitId / ownerInvestorId` of the stored JSON.
 */

/** One line of a request's or a change's details: a label, its value in words, and a link when there is one. */
export type DetailLine = { key: string; label: string; value: string; href?: string };

/** Names of the catalogue's ids: units (with their location), locations and managers. */
export type Names = {
  unit: (id: number) => { name: string; locationName: string } | undefined;
  location: (id: number) => string | undefined;
  manager: (id: number) => string | undefined;
};

export function namesFrom(catalogue: BackofficeCatalogue | undefined): Names {
  const locations = new Map((catalogue?.locations ?? []).map((l) => [l.id, l.name]));
  const units = new Map((catalogue?.units ?? []).map((u) => [u.id, u]));
  const managers = new Map((catalogue?.managers ?? []).map((m) => [m.id, m.name]));
  return {
    unit: (id) => {
      const unit = units.get(id);
      return unit ? { name: unit.name, locationName: locations.get(unit.locationId) ?? '' } : undefined;
    },
    location: (id) => locations.get(id),
    manager: (id) => managers.get(id),
  };
}

/** A phone of the portal in the spec's mask, +7 (999) 000-00-01; anything else as it is. */
export function displayPhone(phone: string | null | undefined): string {
  return phone ? formatPhone(phone) : '';
}

type Context = { t: TFunction; locale: Locale; names: Names };

const MONEY_KEYS = new Set([
  'price',
  'amount',
  'invested',
  'capitalizationPrice',
  'marketPrice',
  'discountPrice',
]);
const DATE_KEYS = new Set([
  'investedAt',
  'issuedAt',
  'contract_date',
  'contractDate',
  'date',
  'publishedAt',
  'endedOn',
  'reportDate',
  'dateOfLaunch',
]);
/** Keys whose value an earlier line already shows in words (the unit's name stands for its id, and so on). */
const SHOWN_ELSEWHERE = new Set(['categoryId', 'lotId', 'companyLotId', 'location', 'user_id']);

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The label of a stored key, from the console's field names; an unknown key keeps its name. */
function label(key: string, { t }: Context): string {
  return t(`backoffice.fields.${camel(key)}`, { defaultValue: key });
}

function unitText(id: number, ctx: Context, payload?: Record<string, unknown>): string {
  const known = ctx.names.unit(id);
  // The request keeps the Russian names it was sent with; the English console reads the catalogue's English ones.
  const english = ctx.locale === 'en' ? known : undefined;
  const name = english?.name ?? (typeof payload?.unit === 'string' ? payload.unit : undefined) ?? known?.name;
  const location =
    english?.locationName ??
    (typeof payload?.location === 'string' ? payload.location : undefined) ??
    known?.locationName;
  if (!name) return ctx.t('backoffice.values.unitNo', { id });
  return location ? `${name}, ${location}` : name;
}

/** One stored value in words, by its key. */
function valueText(key: string, value: unknown, ctx: Context): string {
  const { t, locale, names } = ctx;
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'backoffice.values.yes' : 'backoffice.values.no');
  if (key === 'phone' && typeof value === 'string') return displayPhone(value);
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatMoney(value, locale);
  if (DATE_KEYS.has(key) && typeof value === 'string') return formatDate(value, locale);
  if (key === 'sizeBytes' && typeof value === 'number')
    return t('backoffice.values.megabytes', { size: formatNumber(value / 1_048_576, 1, locale) });
  if (key === 'ratePercent' && typeof value === 'number') return `${formatNumber(value, 2, locale)}%`;
  // A term is the month the loan ends (yyyymm); entries written before that kept a number of months.
  if ((key === 'termYearMonth' || key === 'yearMonth') && typeof value === 'number')
    return value > 200_000 ? formatYearMonth(value, locale) : t('backoffice.values.months', { count: value });
  if ((key === 'managerId' || key === 'manager_id' || key === 'toManagerId') && typeof value === 'number')
    return names.manager(value) ?? t('backoffice.values.managerNo', { id: value });
  if (key === 'locationId' && typeof value === 'number')
    return names.location(value) ?? t('backoffice.values.locationNo', { id: value });
  if (key === 'unitId' && typeof value === 'number') return unitText(value, ctx);
  if (key === 'direction' && (value === 'income' || value === 'expense'))
    return t(`backofficeCatalogue.categories.${value}`);
  if (key === 'part' && (value === 'main' || value === 'periphery'))
    return t(`backofficeCatalogue.units.parts.${value}`);
  if (key === 'relation' && (value === 'owner' || value === 'lender'))
    return t(`backoffice.owner.relations.${value}`);
  if ((key === 'organization_type' || key === 'organizationType') && typeof value === 'string')
    return t(`backoffice.values.organization.${value}`, { defaultValue: value });
  if (key === 'roles' && Array.isArray(value))
    return value
      .map((role) => t(`backoffice.owners.roleNames.${role}`, { defaultValue: String(role) }))
      .join(', ');
  if (key === 'kind' && typeof value === 'string')
    return t(`backoffice.kinds.${value}`, { defaultValue: value });
  if (key === 'locale' && typeof value === 'string') return value === 'en' ? 'English' : 'Русский';
  if (key === 'changed' && Array.isArray(value))
    return value.map((field) => label(String(field), ctx)).join(', ');
  // A location's infrastructure: «Баня × 2, Парковка × 1».
  if (key === 'infrastructure' && Array.isArray(value))
    return (
      value
        .map((item: { name?: string; nameEn?: string; count?: number }) => {
          const name = (locale === 'en' && item.nameEn) || item.name || '';
          return typeof item.count === 'number' ? `${name} × ${formatNumber(item.count, 0, locale)}` : name;
        })
        .join(', ') || '—'
    );
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'number') return formatNumber(value, Number.isInteger(value) ? 0 : 2, locale);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What an owner sent with a request, line by line, in words. */
export function describeRequest(
  request: Pick<ManagerRequest, 'kind' | 'payload'>,
  t: TFunction,
  locale: Locale,
  names: Names,
): DetailLine[] {
  const ctx: Context = { t, locale, names };
  const payload = request.payload;
  const lines: DetailLine[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (value === null || value === undefined || value === '' || SHOWN_ELSEWHERE.has(key)) continue;
    if (key === 'comment' && value === '—') continue;
    if (key === 'unit') continue; // told by unitId below, or alone when there is no id
    if (key === 'unitId' && typeof value === 'number') {
      lines.push({ key, label: label('unit', ctx), value: unitText(value, ctx, payload) });
      continue;
    }
    if (key === 'ownerInvestorId' && typeof value === 'number') {
      lines.push(
        value === 0
          ? { key, label: t('backoffice.fields.seller'), value: t('backoffice.values.companyLot') }
          : {
              key,
              label: t('backoffice.fields.seller'),
              value: t('backoffice.values.ownerCard', { id: value }),
              href: `/backoffice/owners/${value}`,
            },
      );
      continue;
    }
    if (key === 'status' && request.kind === 'sale_notice' && typeof value === 'string') {
      lines.push({
        key,
        label: t('backoffice.fields.saleAction'),
        value: t(`backoffice.values.sale.${value}`, { defaultValue: value }),
      });
      continue;
    }
    if (key === 'source' && typeof value === 'string') {
      lines.push({
        key,
        label: label(key, ctx),
        value: t(`backoffice.values.source.${value}`, { defaultValue: value }),
      });
      continue;
    }
    lines.push({ key, label: label(key, ctx), value: valueText(key, value, ctx) });
  }
  // A unit named without its id (older requests).
  if (typeof payload.unit === 'string' && typeof payload.unitId !== 'number')
    lines.unshift({ key: 'unit', label: label('unit', ctx), value: unitText(0, ctx, payload) });
  return lines;
}

/** The changed object of an audit entry in words: the client by name, a request by number. */
export function auditObject(
  entry: Pick<AuditEntry, 'entity' | 'entityId'> & { entityName?: string | null; action?: string },
  t: TFunction,
): { text: string; href?: string } {
  const id = entry.entityId;
  // A staff member is a user too, but has no client card.
  if (entry.entity === 'user' && id && entry.action?.startsWith('staff.'))
    return { text: entry.entityName || t('backoffice.entities.staff') };
  if (entry.entity === 'user' && id)
    return {
      text: entry.entityName || t('backoffice.values.ownerCard', { id }),
      href: `/backoffice/owners/${id}`,
    };
  if (entry.entity === 'request' && id) return { text: t('backoffice.values.requestNo', { id }) };
  const entity = t(`backoffice.entities.${entry.entity}`, { defaultValue: entry.entity });
  return { text: id ? `${entity} №${id}` : entity };
}

/** A change's fields, each «before → after» in words (`details.changes` of an entry, modules/audit). */
function changeLines(changes: Record<string, unknown>, ctx: Context): DetailLine[] {
  return Object.entries(changes).map(([key, change]) => {
    const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
    return {
      key,
      label: label(key, ctx),
      value: `${valueText(key, from, ctx)} → ${valueText(key, to, ctx)}`,
    };
  });
}

/** What a change did, line by line, in words. */
export function describeAudit(
  entry: Pick<AuditEntry, 'action' | 'details'>,
  t: TFunction,
  locale: Locale,
  names: Names,
): DetailLine[] {
  const ctx: Context = { t, locale, names };
  const details = entry.details;
  const lines: DetailLine[] = [];
  if (entry.action === 'request.status') {
    const status = (value: unknown) =>
      t(`backoffice.status.${value as RequestStatus}`, { defaultValue: String(value) });
    lines.push({
      key: 'status',
      label: t('backoffice.fields.status'),
      value: `${status(details.from)} → ${status(details.to)}`,
    });
    if (typeof details.kind === 'string')
      lines.push({
        key: 'kind',
        label: t('backoffice.fields.kind'),
        value: t(`backoffice.kinds.${details.kind as RequestKindCode}`),
      });
  }
  for (const [key, value] of Object.entries(details)) {
    if (entry.action === 'request.status' && (key === 'from' || key === 'to' || key === 'kind')) continue;
    if (value === null || value === undefined || value === '') continue;
    if (key === 'changes' && typeof value === 'object') {
      lines.push(...changeLines(value as Record<string, unknown>, ctx));
      continue;
    }
    if (key === 'requestId' && (typeof value === 'number' || typeof value === 'string')) {
      lines.push({
        key,
        label: t('backoffice.fields.request'),
        value: t('backoffice.values.requestNo', { id: value }),
      });
      continue;
    }
    lines.push({ key, label: label(key, ctx), value: valueText(key, value, ctx) });
  }
  return lines;
}
