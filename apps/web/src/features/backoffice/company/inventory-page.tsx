import { CloseButton, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { StaffInventoryItem } from '@portal/contract/backoffice-inventory';
import { PHOTO_TYPES } from '@portal/contract/backoffice-lots';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { UploadButton, usePlacePicker } from './company-ui';
import { useInventoryPhotoMutations, useStaffInventory } from './queries';

/** /backoffice/inventory/: real photos of a unit's inventory items (uploads beside the import's links). */
export function CompanyInventoryPage() {
  const { t } = useTranslation();
  const { catalogue, unitId, picker } = usePlacePicker(true);
  const inventory = useStaffInventory(unitId);
  let body: React.ReactNode;
  if (catalogue.isPending || (unitId !== null && inventory.isPending)) body = <LoadingState />;
  else if (catalogue.isError) body = <ErrorState onRetry={() => void catalogue.refetch()} />;
  else if (inventory.isError) body = <ErrorState onRetry={() => void inventory.refetch()} />;
  else if (!inventory.data || inventory.data.items.length === 0)
    body = <EmptyState title={t('backofficeCompany.inventory.empty')} />;
  else
    body = (
      <Stack gap="sm" data-testid="company-inventory">
        {inventory.data.items.map((item) => (
          <ItemRow key={item.id} item={item} />
        ))}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('backofficeCompany.inventory.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('backofficeCompany.inventory.hint')}
      </Text>
      {picker}
      {body}
    </Stack>
  );
}

function ItemRow({ item }: { item: StaffInventoryItem }) {
  const { t } = useTranslation();
  const { add, remove } = useInventoryPhotoMutations();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="company-inventory-item">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {item.name} · {item.invNumber}
          </Text>
          <Text size="sm" c="dimmed">
            {item.spaceName} · {t('backofficeCompany.inventory.photos', { count: item.photos.length })}
          </Text>
        </Group>
        {item.photos.length > 0 && (
          <Group gap="xs" align="flex-start">
            {item.photos.map((photo) => (
              <Stack key={photo.id} gap={2} maw={180}>
                <div style={{ position: 'relative' }}>
                  <Image src={photo.url} w={120} h={80} radius="sm" alt="" />
                  <CloseButton
                    size="sm"
                    style={{ position: 'absolute', top: 2, right: 2, background: 'white' }}
                    aria-label={t('backofficeCompany.remove')}
                    onClick={() => remove.mutate({ itemId: item.id, photoId: photo.id })}
                  />
                </div>
                <Code style={{ fontSize: 10, overflowWrap: 'anywhere' }}>
                  {photo.uploaded ? photo.url : t('backofficeCompany.inventory.link')}
                </Code>
              </Stack>
            ))}
          </Group>
        )}
        <ApiErrorAlert error={remove.error} />
        <UploadButton
          label={t('backofficeCompany.inventory.addPhoto')}
          accept={PHOTO_TYPES.join(',')}
          mutation={add}
          testId={`inventory-photo-file-${item.id}`}
          start={(file, onProgress) => add.mutate({ itemId: item.id, file, onProgress })}
        />
      </Stack>
    </Paper>
  );
}
