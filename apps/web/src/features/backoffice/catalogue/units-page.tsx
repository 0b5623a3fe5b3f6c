import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CatalogueUnit,
  catalogueUnitBodySchema,
  UNIT_PARTS,
  UNIT_PHOTO_TYPES,
  UNIT_PHOTOS_MAX,
} from '@portal/contract/backoffice-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatArea, formatDate } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EnglishHeading, FormModal, RussianHeading, useConsoleForm } from '../form-modal';
import { IdCell } from '../id-cell';
import { ListCard, ListPage } from '../list-page';
import { UploadButton } from '../upload-button';
import { CatalogueNav } from './catalogue-nav';
import {
  useCatalogueLocations,
  useCatalogueUnits,
  useUnitList,
  useUnitPhotoMutations,
  useUnitSave,
} from './queries';

/** /backoffice/locations/{id}: a location's units with their card fields and photos. */
export function CatalogueUnitsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const locationId = Number(useParams().id);
  const locations = useCatalogueLocations();
  const units = useCatalogueUnits(locationId);
  const [editing, setEditing] = useState<CatalogueUnit | 'new' | null>(null);
  const location = locations.data?.items.find((l) => l.id === locationId);
  // A location the catalogue does not list is a failed page, retried with the units.
  const unitsOfLocation = {
    ...units,
    isError: units.isError || (locations.isSuccess && units.isSuccess && !location),
  };

  return (
    <>
      <ListPage
        nav={
          <>
            <CatalogueNav />
            <Anchor component={Link} to="/backoffice/locations/" size="sm">
              ← {t('backofficeCatalogue.units.back')}
            </Anchor>
          </>
        }
        title={t('backofficeCatalogue.units.title', {
          name: location ? (locale === 'en' ? location.nameEn : location.name) : `№ ${locationId}`,
        })}
        actions={
          <Button
            onClick={() => setEditing('new')}
            disabled={!location || location.isPlaceholder}
            data-testid="catalogue-unit-create"
          >
            {t('backofficeCatalogue.units.create')}
          </Button>
        }
        query={unitsOfLocation}
        also={[locations]}
        empty={(data) =>
          location?.isPlaceholder
            ? {
                title: t('backofficeCatalogue.units.empty'),
                text: t('backofficeCatalogue.units.placeholder'),
              }
            : data.items.length === 0
              ? {
                  title: t('backofficeCatalogue.units.empty'),
                  text: t('backofficeCatalogue.units.emptyHint'),
                }
              : null
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="catalogue-units">
            {data.items.map((unit) => (
              <ListCard key={unit.id} testId="catalogue-unit">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  {unit.imageUrls[0] ? (
                    <img
                      src={unit.imageUrls[0]}
                      alt=""
                      style={{ width: 88, height: 66, objectFit: 'cover', borderRadius: 4, flex: 'none' }}
                    />
                  ) : (
                    <div
                      style={{ width: 88, height: 66, borderRadius: 4, background: '#e9ecef', flex: 'none' }}
                    />
                  )}
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {unit.unitNumber ? `${unit.unitNumber} · ` : ''}
                      {locale === 'en' ? unit.nameEn : unit.name}
                    </Text>
                    <IdCell id={unit.id} />
                    <Text size="xs" c="dimmed">
                      {locale === 'en' ? unit.unitTypeEn : unit.unitType} ·{' '}
                      {t(`backofficeCatalogue.units.parts.${unit.part}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('backofficeCatalogue.units.capacity')}: {unit.capacity} ·{' '}
                      {formatArea(unit.area, locale)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {(locale === 'en' ? unit.stageEn : unit.stage) ||
                        t('backofficeCatalogue.units.noStage')}
                      {unit.dateOfLaunch && ` · ${formatDate(unit.dateOfLaunch, locale)}`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('backofficeCatalogue.units.photoCount', { count: unit.imageUrls.length })} ·{' '}
                      {t('backofficeCatalogue.units.owners', { count: unit.ownerCount })}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="default"
                      mt={4}
                      style={{ alignSelf: 'flex-start' }}
                      onClick={() => setEditing(unit)}
                    >
                      {t('common.edit')}
                    </Button>
                  </Stack>
                </Group>
              </ListCard>
            ))}
          </SimpleGrid>
        )}
      </ListPage>
      {editing && location && (
        <UnitForm
          key={editing === 'new' ? 'new' : editing.id}
          locationId={location.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Values = {
  unitNumber: string;
  name: string;
  nameEn: string;
  part: string;
  typeId: string;
  stageId: string;
  capacity: number | string;
  area: number | string;
  dateOfLaunch: string;
};
const SHOWN_FIELDS = [
  'unitNumber',
  'name',
  'nameEn',
  'part',
  'typeId',
  'stageId',
  'capacity',
  'area',
  'dateOfLaunch',
];

function UnitForm({
  locationId,
  original,
  onClose,
}: {
  locationId: number;
  original: CatalogueUnit | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const types = useUnitList('unit-types');
  const stages = useUnitList('unit-stages');
  const save = useUnitSave();
  // A new unit gets its id on the first save; photos are added to it from then on.
  const [unitId, setUnitId] = useState(original?.id ?? null);
  const { values, set, errors, check } = useConsoleForm<Values>(
    () => ({
      unitNumber: original?.unitNumber ?? '',
      name: original?.name ?? '',
      nameEn: original && original.nameEn !== original.name ? original.nameEn : '',
      part: original?.part ?? 'main',
      typeId: original?.typeId ? String(original.typeId) : '',
      stageId: original?.stageId ? String(original.stageId) : '',
      capacity: original?.capacity ?? '',
      area: original?.area ?? '',
      dateOfLaunch: original?.dateOfLaunch ?? '',
    }),
    save,
    catalogueUnitBodySchema,
  );
  const typeItems = types.data?.items ?? [];
  const noTypes = types.isSuccess && typeItems.length === 0;

  return (
    <FormModal
      size="xl"
      testId="catalogue-unit-form"
      title={
        unitId === null
          ? t('backofficeCatalogue.units.createTitle')
          : t('backofficeCatalogue.units.editTitle', { number: values.unitNumber || unitId })
      }
      saving={save}
      shownFields={SHOWN_FIELDS}
      submitTestId="unit-save"
      cancelLabel={t(unitId === null ? 'common.cancel' : 'backofficeCatalogue.units.done')}
      onClose={onClose}
      onSubmit={() => {
        const body = {
          locationId,
          unitNumber: values.unitNumber,
          name: values.name,
          nameEn: values.nameEn,
          part: values.part as (typeof UNIT_PARTS)[number],
          typeId: Number(values.typeId),
          stageId: values.stageId ? Number(values.stageId) : null,
          capacity: values.capacity === '' ? -1 : Number(values.capacity),
          area: values.area === '' ? -1 : Number(values.area),
          dateOfLaunch: values.dateOfLaunch || null,
        };
        if (check(body))
          save.mutate(
            { id: unitId ?? undefined, body },
            { onSuccess: ({ id }) => (unitId === null ? setUnitId(id) : onClose()) },
          );
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('backofficeCatalogue.units.unitNumber')}
          value={values.unitNumber}
          onChange={(event) => set('unitNumber', event.currentTarget.value)}
          error={errors.unitNumber}
          required
          maxLength={50}
          data-testid="unit-number"
        />
        <NativeSelect
          label={t('backofficeCatalogue.units.part')}
          value={values.part}
          onChange={(event) => set('part', event.currentTarget.value)}
          data={UNIT_PARTS.map((part) => ({
            value: part,
            label: t(`backofficeCatalogue.units.parts.${part}`),
          }))}
          error={errors.part}
          data-testid="unit-part"
        />
        <NativeSelect
          label={t('backofficeCatalogue.units.type')}
          value={values.typeId}
          onChange={(event) => set('typeId', event.currentTarget.value)}
          data={[
            { value: '', label: '—', disabled: true },
            ...typeItems.map((type) => ({ value: String(type.id), label: en ? type.nameEn : type.name })),
          ]}
          error={errors.typeId ?? (noTypes ? t('backofficeCatalogue.units.noTypes') : undefined)}
          required
          data-testid="unit-type"
        />
      </SimpleGrid>
      {noTypes && (
        <Anchor component={Link} to="/backoffice/locations/lists/" size="sm">
          {t('backofficeCatalogue.nav.lists')}
        </Anchor>
      )}

      <RussianHeading />
      <TextInput
        label={t('backofficeCatalogue.units.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
        required
        maxLength={200}
        data-testid="unit-name"
      />
      <EnglishHeading />
      <TextInput
        label={t('backofficeCatalogue.units.nameEn')}
        value={values.nameEn}
        onChange={(event) => set('nameEn', event.currentTarget.value)}
        error={errors.nameEn}
        maxLength={200}
        data-testid="unit-name-en"
      />

      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
        <NumberInput
          label={t('backofficeCatalogue.units.capacity')}
          value={values.capacity}
          onChange={(value) => set('capacity', value)}
          error={errors.capacity}
          min={0}
          max={1000}
          allowDecimal={false}
          required
          data-testid="unit-capacity"
        />
        <NumberInput
          label={t('backofficeCatalogue.units.area')}
          value={values.area}
          onChange={(value) => set('area', value)}
          error={errors.area}
          min={0}
          max={100_000}
          decimalScale={2}
          required
          data-testid="unit-area"
        />
        <NativeSelect
          label={t('backofficeCatalogue.units.stage')}
          value={values.stageId}
          onChange={(event) => set('stageId', event.currentTarget.value)}
          data={[
            { value: '', label: t('backofficeCatalogue.units.noStage') },
            ...(stages.data?.items ?? []).map((stage) => ({
              value: String(stage.id),
              label: en ? stage.nameEn : stage.name,
            })),
          ]}
          error={errors.stageId}
          data-testid="unit-stage"
        />
        <TextInput
          type="date"
          label={t('backofficeCatalogue.units.dateOfLaunch')}
          value={values.dateOfLaunch}
          onChange={(event) => set('dateOfLaunch', event.currentTarget.value)}
          error={errors.dateOfLaunch}
          data-testid="unit-launch"
        />
      </SimpleGrid>

      <Title order={3} size="h5">
        {t('backofficeCatalogue.units.photos')}
      </Title>
      {unitId === null ? (
        <Text size="sm" c="dimmed">
          {t('backofficeCatalogue.units.saveFirst')}
        </Text>
      ) : (
        <PhotoEditor unitId={unitId} initial={original?.imageUrls ?? []} />
      )}
    </FormModal>
  );
}

/** The unit's photos in the owners' order: upload one at a time with progress, move, delete. */
function PhotoEditor({ unitId, initial }: { unitId: number; initial: string[] }) {
  const { t } = useTranslation();
  const { upload, remove, reorder } = useUnitPhotoMutations(unitId);
  const [photos, setPhotos] = useState(initial);
  const busy = upload.isPending || remove.isPending || reorder.isPending;
  const move = (index: number, by: number) => {
    const next = [...photos];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    reorder.mutate(next, { onSuccess: ({ imageUrls }) => setPhotos(imageUrls) });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('backofficeCatalogue.units.photosHint')}
      </Text>
      {photos.length === 0 ? (
        <Text size="sm">{t('backofficeCatalogue.units.noPhotos')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="unit-photos">
          {photos.map((url, index) => (
            <Stack key={url} gap={4} data-testid="unit-photo">
              <img
                src={url}
                alt=""
                style={{
                  width: '100%',
                  height: 96,
                  objectFit: 'cover',
                  borderRadius: 4,
                  background: '#e9ecef',
                }}
              />
              <Group gap={4} wrap="wrap">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                >
                  {t('backofficeCatalogue.units.earlier')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t('backofficeCatalogue.units.later')}
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  onClick={() => remove.mutate(url, { onSuccess: ({ imageUrls }) => setPhotos(imageUrls) })}
                >
                  {t('backofficeCatalogue.units.removePhoto')}
                </Button>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <ApiErrorAlert error={remove.error ?? reorder.error} />
      <UploadButton
        label={t('backofficeCatalogue.units.upload')}
        accept={UNIT_PHOTO_TYPES.join(',')}
        mutation={upload}
        disabled={busy || photos.length >= UNIT_PHOTOS_MAX}
        testId="unit-photo-file"
        uploadingText={(percent) => t('backofficeCatalogue.units.uploading', { percent })}
        start={(file, onProgress) =>
          upload.mutate({ file, onProgress }, { onSuccess: ({ imageUrls }) => setPhotos(imageUrls) })
        }
      />
    </Stack>
  );
}
