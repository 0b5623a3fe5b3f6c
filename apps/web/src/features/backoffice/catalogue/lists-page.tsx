import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UnitListItem } from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { fieldErrors } from '../content/content-ui';
import { CatalogueNav } from './catalogue-nav';
import { type UnitListKind, useUnitList, useUnitListSave } from './queries';

/** /backoffice/locations/lists/: the unit types and stages that units pick from, both languages. */
export function CatalogueListsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <CatalogueNav />
      <Title order={1} size="h3">
        {t('backofficeCatalogue.lists.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('backofficeCatalogue.lists.hint')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NamedList kind="unit-types" title={t('backofficeCatalogue.lists.types')} />
        <NamedList kind="unit-stages" title={t('backofficeCatalogue.lists.stages')} />
      </SimpleGrid>
    </Stack>
  );
}

function NamedList({ kind, title }: { kind: UnitListKind; title: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useUnitList(kind);
  const [editing, setEditing] = useState<UnitListItem | 'new' | null>(null);

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.items.length === 0) body = <EmptyState title={t('backofficeCatalogue.lists.empty')} />;
  else
    body = (
      <Stack gap={6}>
        {list.data.items.map((item) => (
          <Paper key={item.id} withBorder radius="sm" px="sm" py={6} data-testid={`${kind}-item`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.nameEn : item.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.name : item.nameEn} ·{' '}
                  {t('backofficeCatalogue.lists.unitCount', { count: item.unitCount })}
                </Text>
              </Stack>
              <Button
                size="compact-xs"
                variant="default"
                style={{ flex: 'none' }}
                onClick={() => setEditing(item)}
              >
                {t('common.edit')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm" data-testid={kind}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button size="xs" onClick={() => setEditing('new')} data-testid={`${kind}-add`}>
          {t('backofficeCatalogue.lists.add')}
        </Button>
      </Group>
      {body}
      {editing && (
        <ItemForm
          key={editing === 'new' ? 'new' : editing.id}
          kind={kind}
          title={title}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ItemForm({
  kind,
  title,
  original,
  onClose,
}: {
  kind: UnitListKind;
  title: string;
  original: UnitListItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useUnitListSave(kind);
  const [name, setName] = useState(original?.name ?? '');
  const [nameEn, setNameEn] = useState(original && original.nameEn !== original.name ? original.nameEn : '');
  const [position, setPosition] = useState<number | string>(original?.position ?? '');
  const errors = fieldErrors(save.error);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form
        noValidate
        data-testid={`${kind}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              id: original?.id,
              body: { name, nameEn, ...(position === '' ? {} : { position: Number(position) }) },
            },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack>
          <TextInput
            label={t('backofficeCatalogue.lists.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={200}
            data-testid={`${kind}-name`}
          />
          <TextInput
            label={t('backofficeCatalogue.lists.nameEn')}
            description={t('backofficeContent.englishHint')}
            value={nameEn}
            onChange={(event) => setNameEn(event.currentTarget.value)}
            error={errors.nameEn}
            maxLength={200}
            data-testid={`${kind}-name-en`}
          />
          <NumberInput
            label={t('backofficeCatalogue.lists.position')}
            value={position}
            onChange={setPosition}
            error={errors.position}
            min={0}
            max={100_000}
            allowDecimal={false}
          />
          <ApiErrorAlert error={save.error} hideOnFields={['name', 'nameEn', 'position']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid={`${kind}-save`}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
