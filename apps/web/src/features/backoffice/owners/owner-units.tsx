import { Badge, Button, Group, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import { type OwnerDetail, ownerUnitUpdateSchema } from '@portal/contract/backoffice';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/clock';
import { formatDate, formatMoney } from '../../../shared/format';
import { ConfirmDialog } from '../confirm-dialog';
import { FormModal, fieldErrors, useConsoleForm } from '../form-modal';
import { DataTable } from '../list-page';
import { useOwnerMutations } from './queries';

type Link = OwnerDetail['units'][number];

/**
 * The client's unit links: each can be corrected (relation, invested sum and date), ended on a date after a question
 * that names what it affects, or restored when ended by mistake. Ending never deletes: the income history stays.
 */
export function OwnerUnits({ owner }: { owner: OwnerDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const mutations = useOwnerMutations(owner.id);
  const [editing, setEditing] = useState<Link | null>(null);
  const [ending, setEnding] = useState<Link | null>(null);
  if (owner.units.length === 0) return <Text c="dimmed">{t('backoffice.owner.noUnits')}</Text>;
  return (
    <>
      <DataTable
        rows={owner.units}
        rowKey={(unit) => unit.id}
        label={t('backoffice.owner.units')}
        minWidth={720}
        testId="owner-units"
        rowTestId={(unit) => `owner-unit-${unit.unitId}`}
        columns={[
          {
            key: 'unit',
            header: t('backoffice.owner.unit'),
            cell: (unit) => (
              <>
                <Text size="sm" c={unit.endedOn ? 'dimmed' : undefined}>
                  {(locale === 'en' && unit.unitNameEn) || unit.unitName}
                </Text>
                <Text size="xs" c="dimmed">
                  {(locale === 'en' && unit.locationNameEn) || unit.locationName}
                </Text>
                {unit.endedOn && (
                  <Badge color="gray" variant="light" size="sm" data-testid="unit-ended">
                    {t('backoffice.owner.endedBadge', { date: formatDate(unit.endedOn, locale) })}
                  </Badge>
                )}
              </>
            ),
          },
          {
            key: 'relation',
            header: t('backoffice.owner.relation'),
            cell: (unit) => t(`backoffice.owner.relations.${unit.relation}`),
          },
          {
            key: 'invested',
            header: t('backoffice.owner.invested'),
            cell: (unit) => formatMoney(unit.invested, locale),
          },
          {
            key: 'investedAt',
            header: t('backoffice.owner.investedAt'),
            cell: (unit) => formatDate(unit.investedAt, locale),
          },
          {
            key: 'actions',
            cell: (unit) => (
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" onClick={() => setEditing(unit)}>
                  {t('backoffice.owner.editUnit')}
                </Button>
                {unit.endedOn ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={mutations.restoreUnit.isPending && mutations.restoreUnit.variables === unit.id}
                    onClick={() => mutations.restoreUnit.mutate(unit.id)}
                  >
                    {t('backoffice.owner.restoreUnit')}
                  </Button>
                ) : (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setEnding(unit)}>
                    {t('backoffice.owner.endUnit')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      {editing && <EditLink ownerId={owner.id} link={editing} onClose={() => setEditing(null)} />}
      {ending && <EndLink ownerId={owner.id} link={ending} onClose={() => setEnding(null)} />}
    </>
  );
}

function EditLink({ ownerId, link, onClose }: { ownerId: number; link: Link; onClose: () => void }) {
  const { t } = useTranslation();
  const { updateUnit } = useOwnerMutations(ownerId);
  const form = useConsoleForm(
    () => ({
      relation: link.relation,
      invested: link.invested as number | string,
      investedAt: link.investedAt ?? '',
    }),
    updateUnit,
    ownerUnitUpdateSchema,
  );
  const { values, set, errors } = form;
  const body = {
    relation: values.relation,
    invested: values.invested === '' ? Number.NaN : Number(values.invested),
    investedAt: values.investedAt || null,
  };
  return (
    <FormModal
      title={t('backoffice.owner.editUnitTitle', { unit: link.unitName })}
      testId="edit-unit-link"
      saving={updateUnit}
      onClose={() => {
        updateUnit.reset();
        onClose();
      }}
      onSubmit={() => {
        if (form.check(body)) updateUnit.mutate({ linkId: link.id, ...body }, { onSuccess: onClose });
      }}
    >
      <NativeSelect
        label={t('backoffice.owner.relation')}
        value={values.relation}
        onChange={(event) => set('relation', event.currentTarget.value as Link['relation'])}
        error={errors.relation}
        data={(['owner', 'lender'] as const).map((value) => ({
          value,
          label: t(`backoffice.owner.relations.${value}`),
        }))}
      />
      <NumberInput
        label={t('backoffice.owner.invested')}
        value={values.invested}
        onChange={(value) => set('invested', value)}
        error={errors.invested}
        min={0}
        decimalScale={2}
        thousandSeparator=" "
        data-testid="edit-unit-invested"
      />
      <TextInput
        label={t('backoffice.owner.investedAt')}
        type="date"
        value={values.investedAt}
        onChange={(event) => set('investedAt', event.currentTarget.value)}
        error={errors.investedAt}
      />
    </FormModal>
  );
}

/** Asks before ending a link, naming the unit, the months of income and the documents it keeps. */
function EndLink({ ownerId, link, onClose }: { ownerId: number; link: Link; onClose: () => void }) {
  const { t } = useTranslation();
  const { endUnit } = useOwnerMutations(ownerId);
  const [endedOn, setEndedOn] = useState(todayIso);
  return (
    <ConfirmDialog
      title={t('backoffice.owner.endUnitTitle')}
      text={
        <span data-testid="end-unit-text">
          {t('backoffice.owner.endUnitText', {
            unit: link.unitName,
            location: link.locationName,
            months: t('backoffice.owner.incomeMonths', { count: link.incomeMonths }),
            documents: t('backoffice.owner.unitDocuments', { count: link.documents }),
          })}
        </span>
      }
      confirmLabel={t('backoffice.owner.endUnit')}
      action={endUnit}
      onConfirm={() => endUnit.mutate({ linkId: link.id, endedOn }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <TextInput
        label={t('backoffice.owner.endedOn')}
        type="date"
        required
        max={todayIso()}
        value={endedOn}
        onChange={(event) => {
          if (endUnit.isError) endUnit.reset();
          setEndedOn(event.currentTarget.value);
        }}
        error={fieldErrors(endUnit.error).endedOn}
        data-testid="end-unit-date"
      />
    </ConfirmDialog>
  );
}
