import { Button, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { BookingSource } from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { fieldErrors } from '../content/content-ui';
import { CatalogueNav } from './catalogue-nav';
import { useBookingSourceSave, useBookingSources } from './queries';

/** /backoffice/locations/sources/: booking sources by their PMS number, names in both languages. */
export function CatalogueSourcesPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const sources = useBookingSources();
  const [editing, setEditing] = useState<BookingSource | 'new' | null>(null);

  let body: React.ReactNode;
  if (sources.isPending) body = <LoadingState />;
  else if (sources.isError) body = <ErrorState onRetry={() => void sources.refetch()} />;
  else if (sources.data.items.length === 0)
    body = <EmptyState title={t('backofficeCatalogue.sources.empty')} />;
  else
    body = (
      <Stack gap={6} data-testid="booking-sources">
        {sources.data.items.map((item) => (
          <Paper key={item.id} withBorder radius="sm" px="sm" py={6} data-testid="booking-source">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {en ? item.nameEn : item.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  № {item.id} · {item.type} · {en ? item.name : item.nameEn} ·{' '}
                  {t('backofficeCatalogue.sources.bookingCount', { count: item.bookingCount })}
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
    <Stack gap="md" maw={820}>
      <CatalogueNav />
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('backofficeCatalogue.sources.title')}
        </Title>
        <Button onClick={() => setEditing('new')} data-testid="booking-source-add">
          {t('backofficeCatalogue.sources.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('backofficeCatalogue.sources.hint')}
      </Text>
      {body}
      {editing && (
        <SourceForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function SourceForm({ original, onClose }: { original: BookingSource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useBookingSourceSave();
  const [id, setId] = useState<number | string>(original?.id ?? '');
  const [name, setName] = useState(original?.name ?? '');
  const [nameEn, setNameEn] = useState(original && original.nameEn !== original.name ? original.nameEn : '');
  const [type, setType] = useState(original?.type ?? '');
  const errors = fieldErrors(save.error);
  return (
    <Modal opened onClose={onClose} title={t('backofficeCatalogue.sources.title')} centered>
      <form
        noValidate
        data-testid="booking-source-form"
        onSubmit={(event) => {
          event.preventDefault();
          const body = { name, nameEn, type };
          save.mutate(
            original
              ? { id: original.id, body }
              : { create: { ...body, id: id === '' ? Number.NaN : Number(id) } },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack>
          <NumberInput
            label={t('backofficeCatalogue.sources.id')}
            value={id}
            onChange={setId}
            error={errors.id}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            disabled={original !== null}
            required
            data-testid="booking-source-id"
          />
          <TextInput
            label={t('backofficeCatalogue.sources.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={200}
            data-testid="booking-source-name"
          />
          <TextInput
            label={t('backofficeCatalogue.sources.nameEn')}
            description={t('backofficeContent.englishHint')}
            value={nameEn}
            onChange={(event) => setNameEn(event.currentTarget.value)}
            error={errors.nameEn}
            maxLength={200}
            data-testid="booking-source-name-en"
          />
          <TextInput
            label={t('backofficeCatalogue.sources.type')}
            value={type}
            onChange={(event) => setType(event.currentTarget.value)}
            error={errors.type}
            required
            maxLength={50}
            data-testid="booking-source-type"
          />
          <ApiErrorAlert error={save.error} hideOnFields={['id', 'name', 'nameEn', 'type']} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="booking-source-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
