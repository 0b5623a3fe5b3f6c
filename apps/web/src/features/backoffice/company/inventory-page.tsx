import { CloseButton, Code, Group, Image, Stack, Text } from '@mantine/core';
import type { StaffInventoryItem } from '@portal/contract/backoffice-inventory';
import { PHOTO_TYPES } from '@portal/contract/backoffice-lots';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { ListCard, ListPage } from '../list-page';
import { UploadButton } from '../upload-button';
import { usePlacePicker } from './company-ui';
import { useInventoryPhotoMutations, useStaffInventory } from './queries';

/** /backoffice/inventory/: real photos of a unit's inventory items (uploads beside the import's links). */
export function CompanyInventoryPage() {
  const { t } = useTranslation();
  const { catalogue, unitId, picker } = usePlacePicker(true);
  const inventory = useStaffInventory(unitId);
  // With no unit yet there is nothing to wait for: the list is empty.
  const ofUnit = { ...inventory, isPending: unitId !== null && inventory.isPending };
  return (
    <ListPage
      title={t('backofficeCompany.inventory.title')}
      hint={t('backofficeCompany.inventory.hint')}
      toolbar={picker}
      query={ofUnit}
      also={[catalogue]}
      empty={(data) =>
        !data || data.items.length === 0 ? { title: t('backofficeCompany.inventory.empty') } : null
      }
    >
      {(data) => (
        <Stack gap="sm" data-testid="company-inventory">
          {data?.items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </ListPage>
  );
}

function ItemRow({ item }: { item: StaffInventoryItem }) {
  const { t } = useTranslation();
  const { add, remove } = useInventoryPhotoMutations();
  return (
    <ListCard testId="company-inventory-item">
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
        uploadingText={(percent) => t('backofficeCompany.uploading', { percent })}
        label={t('backofficeCompany.inventory.addPhoto')}
        accept={PHOTO_TYPES.join(',')}
        mutation={add}
        testId={`inventory-photo-file-${item.id}`}
        start={(file, onProgress) => add.mutate({ itemId: item.id, file, onProgress })}
      />
    </ListCard>
  );
}
