import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Image,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { PHOTO_TYPES, type StaffLot } from '@portal/contract/backoffice-lots';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { DeleteModal, fieldErrors, PublishedBadge } from '../content/content-ui';
import { useCatalogue } from '../queries';
import { UploadButton } from './company-ui';
import { useLotMutations, useStaffLots } from './queries';

/** /backoffice/lots/: the lots the company publishes on the promo page, with their photos. */
export function CompanyLotsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const lots = useStaffLots();
  const { save, remove } = useLotMutations();
  const [editing, setEditing] = useState<StaffLot | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StaffLot | null>(null);
  let body: React.ReactNode;
  if (lots.isPending) body = <LoadingState />;
  else if (lots.isError) body = <ErrorState onRetry={() => void lots.refetch()} />;
  else if (lots.data.items.length === 0) body = <EmptyState title={t('backofficeCompany.lots.empty')} />;
  else
    body = (
      <Stack gap="sm" data-testid="company-lots">
        {lots.data.items.map((lot) => (
          <Paper key={lot.id} withBorder radius="md" p="sm" data-testid="company-lot">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
                {lot.photos[0] && <Image src={lot.photos[0].url} w={72} h={48} radius="sm" alt="" />}
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={600}>
                    {lot.unitName} · {lot.locationName}
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
              <Group gap={6}>
                <Button size="xs" variant="default" onClick={() => setEditing(lot)}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  loading={save.isPending && save.variables?.id === lot.id}
                  onClick={() =>
                    save.mutate({ id: lot.id, body: { ...bodyOf(lot), published: !lot.published } })
                  }
                >
                  {t(lot.published ? 'backofficeContent.unpublish' : 'backofficeContent.publish')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(lot)}>
                  {t('backofficeContent.delete')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t('backofficeCompany.lots.title')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('backofficeCompany.lots.create')}</Button>
      </Group>
      <ApiErrorAlert error={editing ? null : save.error} />
      {body}
      {editing && (
        <LotForm
          key={editing === 'new' ? 'new' : editing.id}
          original={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteModal
          id={deleting.id}
          name={deleting.unitName}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
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
  const [form, setForm] = useState({
    unitId: String(original?.unitId ?? units[0]?.id ?? ''),
    price: original ? String(original.price) : '',
    discountPrice: original?.discountPrice != null ? String(original.discountPrice) : '',
    profit: original?.profit != null ? String(original.profit) : '',
    description: original?.description ?? '',
    descriptionEn: original?.descriptionEn ?? '',
    promo: original?.promo ?? '',
    published: original?.published ?? false,
  });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  // The catalogue may arrive after the form opens: the first unit is the default until one is chosen.
  const unitId = form.unitId || String(units[0]?.id ?? '');
  const errors = fieldErrors(save.error);
  const close = () => {
    save.reset();
    addPhoto.reset();
    onClose();
  };
  return (
    <Modal opened onClose={close} title={t('backofficeCompany.lots.edit')} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            {
              ...(saved ? { id: saved.id } : {}),
              body: {
                unitId: Number(unitId),
                price: form.price,
                discountPrice: form.discountPrice,
                profit: form.profit,
                description: form.description,
                descriptionEn: form.descriptionEn,
                promo: form.promo,
                published: form.published,
              },
            },
            { onSuccess: (lot) => setSaved(lot) },
          );
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('backofficeCompany.unit')}
            value={unitId}
            onChange={(event) => set({ unitId: event.currentTarget.value })}
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
              onChange={(event) => set({ price: event.currentTarget.value })}
              error={errors.price}
              required
              data-testid="lot-price"
            />
            <TextInput
              label={t('backofficeCompany.lots.discountPrice')}
              inputMode="decimal"
              value={form.discountPrice}
              onChange={(event) => set({ discountPrice: event.currentTarget.value })}
              error={errors.discountPrice}
            />
            <TextInput
              label={t('backofficeCompany.lots.profit')}
              inputMode="decimal"
              value={form.profit}
              onChange={(event) => set({ profit: event.currentTarget.value })}
              error={errors.profit}
            />
          </SimpleGrid>
          <TextInput
            label={t('backofficeCompany.lots.promo')}
            value={form.promo}
            onChange={(event) => set({ promo: event.currentTarget.value })}
            maxLength={100}
            error={errors.promo}
          />
          <Textarea
            label={t('backofficeCompany.lots.description')}
            value={form.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            autosize
            minRows={3}
            maxLength={5000}
          />
          <Textarea
            label={t('backofficeCompany.lots.descriptionEn')}
            description={t('backofficeContent.englishHint')}
            value={form.descriptionEn}
            onChange={(event) => set({ descriptionEn: event.currentTarget.value })}
            autosize
            minRows={2}
            maxLength={5000}
          />
          <Checkbox
            label={t('backofficeCompany.lots.published')}
            checked={form.published}
            onChange={(event) => set({ published: event.currentTarget.checked })}
          />
          <ApiErrorAlert
            error={save.error}
            hideOnFields={['unitId', 'price', 'discountPrice', 'profit', 'promo']}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="lot-save">
              {t('backofficeCompany.save')}
            </Button>
          </Group>
        </Stack>
      </form>
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
    </Modal>
  );
}
