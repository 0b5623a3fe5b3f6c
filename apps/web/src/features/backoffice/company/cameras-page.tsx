import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CAMERA_TEST_PATTERN,
  CAMERA_VIEWS_PER_LOCATION,
  type StaffCameraView,
} from '@portal/contract/backoffice-cameras';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { EmptyState } from '../../../shared/ui/page-state';
import { fieldErrors } from '../form-modal';
import { ListPage } from '../list-page';
import { UploadButton } from '../upload-button';
import { usePlacePicker } from './company-ui';
import { useCameraMutations, useStaffCameras } from './queries';

/** /backoffice/cameras/: a location's live stream address and its looping views. */
export function CompanyCamerasPage() {
  const { t } = useTranslation();
  const { catalogue, locationId, picker } = usePlacePicker(false);
  const cameras = useStaffCameras(locationId);
  // With no location yet there is nothing to wait for and nothing to edit.
  const ofLocation = { ...cameras, isPending: locationId !== null && cameras.isPending };
  return (
    <ListPage
      title={t('backofficeCompany.cameras.title')}
      toolbar={picker}
      query={ofLocation}
      also={[catalogue]}
      empty={() => null}
    >
      {(data) =>
        data && locationId !== null && <CamerasEditor key={locationId} locationId={locationId} data={data} />
      }
    </ListPage>
  );
}

function CamerasEditor({
  locationId,
  data,
}: {
  locationId: number;
  data: { streamUrl: string | null; views: StaffCameraView[] };
}) {
  const { t } = useTranslation();
  const mutations = useCameraMutations(locationId);
  const demo = data.streamUrl === CAMERA_TEST_PATTERN;
  const [stream, setStream] = useState(demo ? '' : (data.streamUrl ?? ''));
  const [title, setTitle] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const full = data.views.length >= CAMERA_VIEWS_PER_LOCATION;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutations.stream.mutate(stream.trim());
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t('backofficeCompany.cameras.stream')}
              description={t('backofficeCompany.cameras.streamHint')}
              placeholder="https://…/index.m3u8"
              value={stream}
              onChange={(event) => setStream(event.currentTarget.value)}
              error={fieldErrors(mutations.stream.error).streamUrl}
              data-testid="camera-stream"
            />
            {demo && (
              <Text size="sm" c="dimmed">
                {t('backofficeCompany.cameras.demoStream')}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={mutations.stream.isPending}>
                {t('backofficeCompany.save')}
              </Button>
              {mutations.stream.isSuccess && (
                <Text size="sm" c="green">
                  {t('backofficeCompany.saved')}
                </Text>
              )}
            </Group>
            <ApiErrorAlert error={mutations.stream.error} hideOnFields={['streamUrl']} />
          </Stack>
        </form>
      </Paper>
      <Title order={2} size="h4">
        {t('backofficeCompany.cameras.views')}
      </Title>
      {data.views.length === 0 ? (
        <EmptyState title={t('backofficeCompany.cameras.noViews')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {data.views.map((view) => (
            <ViewCard key={view.id} view={view} locationId={locationId} />
          ))}
        </SimpleGrid>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('backofficeCompany.cameras.viewTitle')}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              required
              maxLength={300}
              data-testid="camera-view-title"
            />
            <TextInput
              label={t('backofficeCompany.cameras.viewTitleEn')}
              value={titleEn}
              onChange={(event) => setTitleEn(event.currentTarget.value)}
              maxLength={300}
            />
          </SimpleGrid>
          {full && (
            <Text size="sm" c="dimmed">
              {t('backofficeCompany.cameras.full')}
            </Text>
          )}
          <UploadButton
            uploadingText={(percent) => t('backofficeCompany.uploading', { percent })}
            label={t('backofficeCompany.cameras.addView')}
            accept="video/mp4"
            mutation={mutations.add}
            disabled={full || title.trim() === ''}
            testId="camera-view-file"
            start={(file, onProgress) =>
              mutations.add.mutate(
                { file, onProgress, fields: { title, titleEn } },
                {
                  onSuccess: () => {
                    setTitle('');
                    setTitleEn('');
                  },
                },
              )
            }
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

function ViewCard({ view, locationId }: { view: StaffCameraView; locationId: number }) {
  const { t } = useTranslation();
  const { rename, remove } = useCameraMutations(locationId);
  const [title, setTitle] = useState(view.title);
  const [titleEn, setTitleEn] = useState(view.titleEn);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="camera-view">
      <Stack gap="xs">
        <video src={view.url} muted loop playsInline controls preload="metadata" style={{ width: '100%' }} />
        <TextInput
          size="xs"
          aria-label={t('backofficeCompany.cameras.viewTitle')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={300}
        />
        <TextInput
          size="xs"
          aria-label={t('backofficeCompany.cameras.viewTitleEn')}
          value={titleEn}
          onChange={(event) => setTitleEn(event.currentTarget.value)}
          maxLength={300}
        />
        <Group gap={6}>
          <Button
            size="xs"
            variant="default"
            loading={rename.isPending}
            onClick={() => rename.mutate({ id: view.id, title, titleEn })}
          >
            {t('backofficeCompany.save')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(view.id)}
          >
            {t('backofficeCompany.remove')}
          </Button>
        </Group>
        <ApiErrorAlert error={rename.error ?? remove.error} />
      </Stack>
    </Paper>
  );
}
