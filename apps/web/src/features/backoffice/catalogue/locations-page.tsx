import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type CatalogueLocation, catalogueLocationBodySchema } from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnglishHeading, FormModal, RussianHeading, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { ItemCard, ListPage } from '../list-page';
import { CatalogueNav } from './catalogue-nav';
import { useCatalogueLocations, useLocationSave } from './queries';

/** /backoffice/locations/: every location in the owners' order, placeholders last; create and edit. */
export function CatalogueLocationsPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const locations = useCatalogueLocations();
  const [editing, setEditing] = useState<CatalogueLocation | 'new' | null>(null);

  return (
    <>
      <ListPage
        nav={<CatalogueNav />}
        title={t('backofficeCatalogue.locations.title')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="catalogue-location-create">
            {t('backofficeCatalogue.locations.create')}
          </Button>
        }
        hint={t('backofficeCatalogue.locations.hint')}
        query={locations}
        empty={(data) =>
          data.items.length === 0
            ? {
                title: t('backofficeCatalogue.locations.empty'),
                text: t('backofficeCatalogue.locations.emptyHint'),
              }
            : null
        }
      >
        {(data) => (
          <Stack gap="sm" data-testid="catalogue-locations">
            {data.items.map((item) => (
              <ItemCard
                key={item.id}
                testId="catalogue-location"
                actions={
                  <>
                    <Button size="xs" variant="default" onClick={() => setEditing(item)}>
                      {t('common.edit')}
                    </Button>
                    {!item.isPlaceholder && (
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={`/backoffice/locations/${item.id}`}
                        data-testid="catalogue-location-units"
                      >
                        {t('backofficeCatalogue.locations.units')}
                      </Button>
                    )}
                  </>
                }
              >
                <Group gap={6}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {en ? item.nameEn : item.name}
                  </Text>
                  <IdCell id={item.id} />
                </Group>
                <Group gap={6}>
                  {item.isPlaceholder && (
                    <Badge color="gray" variant="light">
                      {t('backofficeCatalogue.locations.placeholder')}
                    </Badge>
                  )}
                  {item.existsMain && (
                    <Badge variant="light">{t('backofficeCatalogue.locations.main')}</Badge>
                  )}
                  {item.existsPeriphery && (
                    <Badge variant="light" color="teal">
                      {t('backofficeCatalogue.locations.periphery')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('backofficeCatalogue.locations.unitCount', { count: item.unitCount })}
                  {item.distanceKm !== null &&
                    ` · ${t('backofficeCatalogue.locations.distance', { count: item.distanceKm })}`}
                </Text>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <LocationForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Item = { key: number; name: string; nameEn: string; count: number | string };
type Values = {
  name: string;
  nameEn: string;
  position: number | string;
  existsMain: boolean;
  existsPeriphery: boolean;
  isPlaceholder: boolean;
  distanceKm: number | string;
  description: string;
  descriptionEn: string;
  infrastructure: Item[];
};

const SHOWN_FIELDS = ['name', 'nameEn', 'position', 'distanceKm', 'description', 'descriptionEn'];
/** An English text equal to the Russian one was left empty (the server copies it): the form shows it empty. */
const english = (ru: string, en: string) => (en === ru ? '' : en);
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));
let itemKeys = 0;
const nextKey = () => {
  itemKeys += 1;
  return itemKeys;
};

function LocationForm({ original, onClose }: { original: CatalogueLocation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useLocationSave();
  const { values, set, errors, check } = useConsoleForm<Values>(
    () => ({
      name: original?.name ?? '',
      nameEn: original ? english(original.name, original.nameEn) : '',
      position: original?.position ?? '',
      existsMain: original?.existsMain ?? true,
      existsPeriphery: original?.existsPeriphery ?? false,
      isPlaceholder: original?.isPlaceholder ?? false,
      distanceKm: original?.distanceKm ?? '',
      description: original?.description ?? '',
      descriptionEn: original ? english(original.description, original.descriptionEn) : '',
      infrastructure: (original?.infrastructure ?? []).map((item) => ({
        key: nextKey(),
        name: item.name,
        nameEn: english(item.name, item.nameEn),
        count: item.count,
      })),
    }),
    save,
    catalogueLocationBodySchema,
  );
  const setItem = (key: number, change: Partial<Item>) =>
    set(
      'infrastructure',
      values.infrastructure.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  return (
    <FormModal
      size="xl"
      testId="catalogue-location-form"
      title={
        original
          ? t('backofficeCatalogue.locations.editTitle', { id: original.id })
          : t('backofficeCatalogue.locations.createTitle')
      }
      saving={save}
      shownFields={SHOWN_FIELDS}
      submitTestId="location-save"
      onClose={onClose}
      onSubmit={() => {
        const position = numberOrNull(values.position);
        const body = {
          name: values.name,
          nameEn: values.nameEn,
          ...(position === null ? {} : { position }),
          existsMain: values.existsMain,
          existsPeriphery: values.existsPeriphery,
          isPlaceholder: values.isPlaceholder,
          distanceKm: numberOrNull(values.distanceKm),
          description: values.description,
          descriptionEn: values.descriptionEn,
          infrastructure: values.infrastructure.map((item) => ({
            name: item.name,
            nameEn: item.nameEn,
            count: Number(item.count || 0),
          })),
        };
        if (check(body)) save.mutate({ id: original?.id, body }, { onSuccess: onClose });
      }}
    >
      <RussianHeading />
      <TextInput
        label={t('backofficeCatalogue.locations.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        maxLength={200}
        data-testid="location-name"
      />
      <Textarea
        label={t('backofficeCatalogue.locations.description')}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
        autosize
        minRows={2}
        maxLength={2000}
        data-testid="location-description"
      />
      <EnglishHeading />
      <TextInput
        label={t('backofficeCatalogue.locations.nameEn')}
        value={values.nameEn}
        onChange={(event) => set('nameEn', event.currentTarget.value)}
        error={errors.nameEn}
        maxLength={200}
        data-testid="location-name-en"
      />
      <Textarea
        label={t('backofficeCatalogue.locations.descriptionEn')}
        value={values.descriptionEn}
        onChange={(event) => set('descriptionEn', event.currentTarget.value)}
        error={errors.descriptionEn}
        autosize
        minRows={2}
        maxLength={2000}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t('backofficeCatalogue.locations.distanceKm')}
          value={values.distanceKm}
          onChange={(value) => set('distanceKm', value)}
          error={errors.distanceKm}
          min={0}
          max={100_000}
          decimalScale={1}
          data-testid="location-distance"
        />
        <NumberInput
          label={t('backofficeCatalogue.locations.position')}
          description={t('backofficeCatalogue.locations.positionHint')}
          value={values.position}
          onChange={(value) => set('position', value)}
          error={errors.position}
          min={0}
          max={100_000}
          allowDecimal={false}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Checkbox
          label={t('backofficeCatalogue.locations.existsMain')}
          checked={values.existsMain}
          onChange={(event) => set('existsMain', event.currentTarget.checked)}
        />
        <Checkbox
          label={t('backofficeCatalogue.locations.existsPeriphery')}
          checked={values.existsPeriphery}
          onChange={(event) => set('existsPeriphery', event.currentTarget.checked)}
        />
        <Checkbox
          label={t('backofficeCatalogue.locations.isPlaceholder')}
          checked={values.isPlaceholder}
          onChange={(event) => set('isPlaceholder', event.currentTarget.checked)}
          error={errors.isPlaceholder}
          data-testid="location-placeholder"
        />
      </Stack>

      <Title order={3} size="h5">
        {t('backofficeCatalogue.locations.infrastructure')}
      </Title>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('backofficeCatalogue.locations.infrastructureHint')}
      </Text>
      {values.infrastructure.map((item) => (
        <Group
          key={item.key}
          gap="xs"
          align="flex-end"
          wrap="wrap"
          data-testid="location-infrastructure-item"
        >
          <TextInput
            label={t('backofficeCatalogue.locations.itemName')}
            value={item.name}
            onChange={(event) => setItem(item.key, { name: event.currentTarget.value })}
            maxLength={200}
            style={{ flex: '2 1 160px' }}
          />
          <TextInput
            label={t('backofficeCatalogue.locations.itemNameEn')}
            value={item.nameEn}
            onChange={(event) => setItem(item.key, { nameEn: event.currentTarget.value })}
            maxLength={200}
            style={{ flex: '2 1 160px' }}
          />
          <NumberInput
            label={t('backofficeCatalogue.locations.itemCount')}
            value={item.count}
            onChange={(value) => setItem(item.key, { count: value })}
            min={1}
            max={10_000}
            allowDecimal={false}
            style={{ flex: '1 1 90px' }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            aria-label={t('backofficeCatalogue.locations.removeItem')}
            title={t('backofficeCatalogue.locations.removeItem')}
            onClick={() =>
              set(
                'infrastructure',
                values.infrastructure.filter((other) => other.key !== item.key),
              )
            }
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        onClick={() =>
          set('infrastructure', [
            ...values.infrastructure,
            { key: nextKey(), name: '', nameEn: '', count: 1 },
          ])
        }
      >
        {t('backofficeCatalogue.locations.addItem')}
      </Button>
    </FormModal>
  );
}
