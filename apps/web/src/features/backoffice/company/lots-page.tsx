import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PHOTO_TYPES, type StaffLot, staffLotBodySchema } from '@portal/contract/backoffice-lots';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { DeleteDialog } from '../confirm-dialog';
import { FormModal, useConsoleForm } from '../form-modal';
import { ItemCard, ListPage } from '../list-page';
import { PublishActions, PublishedBadge } from '../publishing';
import { useCatalogue } from '../queries';
import { UploadButton } from '../upload-button';
import { useLotMutations, useStaffLots } from './queries';

/** /backoffice/lots/: the lots the company publishes on the promo page, with their photos. */
export function CompanyLotsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const lots = useStaffLots();
  const { save, remove } = useLotMutations();
  const [editing, setEditing] = useState<StaffLot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffLot | null>(null);
  return (
    <>
      <ListPage
        title={t('backofficeCompany.lots.title')}
        actions={<Button onClick={() => setEditing('new')}>{t('backofficeCompany.lots.create')}</Button>}
        // A failed publish toggle of the list; the form shows its own errors.
        notice={<ApiErrorAlert error={editing ? null : save.error} />}
        query={lots}
        empty={(data) => (data.items.length === 0 ? { title: t('backofficeCompany.lots.empty') } : null)}
      >
        {(data) => (
          <Stack gap="sm" data-testid="company-lots">
            {data.items.map((lot) => (
              <ItemCard
                key={lot.id}
                testId="company-lot"
                actions={
                  <PublishActions
                    published={lot.published}
                    toggling={save.isPending && save.variables?.id === lot.id}
                    onEdit={() => setEditing(lot)}
                    onTogglePublished={() =>
                      save.mutate({ id: lot.id, body: { ...bodyOf(lot), published: !lot.published } })
                    }
                    onDelete={() => setDeleting(lot)}
                  />
                }
              >
                <Group gap="sm" wrap="nowrap">
                  {lot.photos[0] && <Image src={lot.photos[0].url} w={72} h={48} radius="sm" alt="" />}
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600}>
                      {(locale === 'en' && lot.unitNameEn) || lot.unitName} ·{' '}
                      {(locale === 'en' && lot.locationNameEn) || lot.locationName}
                    </Text>
                    <Group gap={6}>
                      <PublishedBadge published={lot.published} />
                      <Text size="sm">{formatMoney(lot.discountPrice ?? lot.price, locale)}</Text>
                      {lot.promo && (
                        <Text size="sm" c="red">
                          {lot.promo}
                        </Text>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </ItemCard>
            ))}
          </Stack>
        )}
      </ListPage>
      {editing && (
        <LotForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteDialog
          id={deleting.id}
          name={(locale === 'en' && deleting.unitNameEn) || deleting.unitName}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

const bodyOf = (lot: StaffLot) => ({
  unitId: lot.unitId,
  price: lot.price,
  discountPrice: lot.discountPrice,
  profit: lot.profit,
  description: lot.description,
  descriptionEn: lot.descriptionEn,
  promo: lot.promo,
  published: lot.published,
});

function LotForm({ original, onClose }: { original: StaffLot | null; onClose: () => void }) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const { save, addPhoto, removePhoto } = useLotMutations();
  const [saved, setSaved] = useState<StaffLot | null>(original);
  const units = catalogue.data?.units ?? [];
  const locations = catalogue.data?.locations ?? [];
  const {
    values: form,
    set,
    errors,
    check,
  } = useConsoleForm(
    () => ({
      unitId: String(original?.unitId ?? units[0]?.id ?? ''),
      price: original ? String(original.price) : '',
      discountPrice: original?.discountPrice != null ? String(original.discountPrice) : '',
      profit: original?.profit != null ? String(original.profit) : '',
      description: original?.description ?? '',
      descriptionEn: original?.descriptionEn ?? '',
      promo: original?.promo ?? '',
      published: original?.published ?? false,
    }),
    save,
    staffLotBodySchema,
  );
  // The catalogue may arrive after the form opens: the first unit is the default until one is chosen.
  const unitId = form.unitId || String(units[0]?.id ?? '');
  const close = () => {
    save.reset();
    addPhoto.reset();
    onClose();
  };
  return (
    <FormModal
      size="lg"
      title={t('backofficeCompany.lots.edit')}
      saving={save}
      shownFields={['unitId', 'price', 'discountPrice', 'profit', 'promo']}
      submitLabel={t('backofficeCompany.save')}
      submitTestId="lot-save"
      onClose={close}
      onSubmit={() => {
        const body = {
          unitId: Number(unitId),
          price: form.price,
          discountPrice: form.discountPrice,
          profit: form.profit,
          description: form.description,
          descriptionEn: form.descriptionEn,
          promo: form.promo,
          published: form.published,
        };
        if (check(body))
          save.mutate({ ...(saved ? { id: saved.id } : {}), body }, { onSuccess: (lot) => setSaved(lot) });
      }}
      after={<LotPhotos saved={saved} setSaved={setSaved} addPhoto={addPhoto} removePhoto={removePhoto} />}
    >
      <NativeSelect
        label={t('backofficeCompany.unit')}
        value={unitId}
        onChange={(event) => set('unitId', event.currentTarget.value)}
        data={locations.map((l) => ({
          group: l.name,
          items: units
            .filter((u) => u.locationId === l.id)
            .map((u) => ({ value: String(u.id), label: u.name })),
        }))}
        error={errors.unitId}
        data-testid="lot-unit"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('backofficeCompany.lots.price')}
          inputMode="decimal"
          value={form.price}
          onChange={(event) => set('price', event.currentTarget.value)}
          error={errors.price}
          required
          data-testid="lot-price"
        />
        <TextInput
          label={t('backofficeCompany.lots.discountPrice')}
          inputMode="decimal"
          value={form.discountPrice}
          onChange={(event) => set('discountPrice', event.currentTarget.value)}
          error={errors.discountPrice}
        />
        <TextInput
          label={t('backofficeCompany.lots.profit')}
          inputMode="decimal"
          value={form.profit}
          onChange={(event) => set('profit', event.currentTarget.value)}
          error={errors.profit}
        />
      </SimpleGrid>
      <TextInput
        label={t('backofficeCompany.lots.promo')}
        value={form.promo}
        onChange={(event) => set('promo', event.currentTarget.value)}
        maxLength={100}
        error={errors.promo}
      />
      <Textarea
        label={t('backofficeCompany.lots.description')}
        value={form.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={5000}
      />
      <Textarea
        label={t('backofficeCompany.lots.descriptionEn')}
        description={t('backofficeContent.englishHint')}
        value={form.descriptionEn}
        onChange={(event) => set('descriptionEn', event.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={5000}
      />
      <Checkbox
        label={t('backofficeCompany.lots.published')}
        checked={form.published}
        onChange={(event) => set('published', event.currentTarget.checked)}
      />
    </FormModal>
  );
}

/** A lot's photos, added once the lot is saved. */
function LotPhotos({
  saved,
  setSaved,
  addPhoto,
  removePhoto,
}: {
  saved: StaffLot | null;
  setSaved: Dispatch<SetStateAction<StaffLot | null>>;
  addPhoto: ReturnType<typeof useLotMutations>['addPhoto'];
  removePhoto: ReturnType<typeof useLotMutations>['removePhoto'];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mt="md">
      <Title order={3} size="h5">
        {t('backofficeCompany.lots.photos')}
      </Title>
      {saved ? (
        <>
          <Group gap="xs">
            {saved.photos.map((photo) => (
              <div key={photo.id} style={{ position: 'relative' }}>
                <Image src={photo.url} w={96} h={64} radius="sm" alt="" />
                <CloseButton
                  size="sm"
                  style={{ position: 'absolute', top: 2, right: 2, background: 'white' }}
                  aria-label={t('backofficeCompany.remove')}
                  onClick={() =>
                    removePhoto.mutate(
                      { lotId: saved.id, photoId: photo.id },
                      {
                        onSuccess: () =>
                          setSaved((lot) =>
                            lot ? { ...lot, photos: lot.photos.filter((p) => p.id !== photo.id) } : lot,
                          ),
                      },
                    )
                  }
                />
              </div>
            ))}
          </Group>
          <UploadButton
            uploadingText={(percent) => t('backofficeCompany.uploading', { percent })}
            label={t('backofficeCompany.lots.addPhoto')}
            accept={PHOTO_TYPES.join(',')}
            mutation={addPhoto}
            testId="lot-photo-file"
            start={(file, onProgress) =>
              addPhoto.mutate(
                { lotId: saved.id, file, onProgress },
                {
                  onSuccess: (photo) =>
                    setSaved((lot) => (lot ? { ...lot, photos: [...lot.photos, photo] } : lot)),
                },
              )
            }
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('backofficeCompany.lots.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}
