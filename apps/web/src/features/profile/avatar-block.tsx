import { Avatar, Button, FileButton, Group, Modal, Paper, Slider, Stack, Text, Title } from '@mantine/core';
import { AVATAR_MAX_BYTES } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { call, upload as uploadFile } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/queries';
import { useSession } from '../../shared/session/session';
import { apiErrorMessage } from '../../shared/ui/api-error-alert';
import { cropToSquare } from './crop-image';

const TYPES = ['image/jpeg', 'image/png'];

/** Choose a JPEG or PNG up to 2 MB, crop it to a 1:1 square, upload; delete when one exists. */
export function AvatarBlock() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<{ url: string; type: 'image/jpeg' | 'image/png' } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The file input forgets its file after each choice, so choosing the same photo again opens the crop again.
  const resetFile = useRef<() => void>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  const upload = useMutation({
    mutationFn: async () => {
      if (!source || !area) throw new Error('nothing to upload');
      const blob = await cropToSquare(source.url, area, source.type);
      // The image bytes are the body itself; no progress is shown for a photo of 2 MB at most.
      return uploadFile('POST /users/avatar', undefined, blob, () => undefined, {
        'content-type': source.type,
      });
    },
    onSuccess: async () => {
      close();
      await refresh();
    },
    onError: (e) => setError(apiErrorMessage(e, t('common.actionFailed'))),
  });
  const remove = useMutation({
    mutationFn: () => call('DELETE /users/avatar'),
    onSuccess: refresh,
    onError: (e) => setError(apiErrorMessage(e, t('common.actionFailed'))),
  });

  const choose = (file: File | null) => {
    setError(null);
    resetFile.current?.();
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      // The spec logs a non-image; the user is told too, never refused silently.
      console.error(`Avatar: ${file.type || 'unknown type'} is not a JPEG or PNG image`);
      setError(t('profile.photoNotImage'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('profile.photoTooLarge'));
      return;
    }
    setSource({ url: URL.createObjectURL(file), type: file.type as 'image/jpeg' | 'image/png' });
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };
  const close = () => {
    if (source) URL.revokeObjectURL(source.url);
    setSource(null);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="md">
        {t('profile.photo')}
      </Title>
      <Group gap="lg" align="center">
        <Avatar
          src={profile.avatar}
          size={96}
          radius={48}
          color="forest"
          variant="filled"
          alt={profile.name}
          data-testid="profile-avatar"
        >
          {`${profile.lastName.slice(0, 1)}${profile.firstName.slice(0, 1)}`}
        </Avatar>
        <Stack gap={6}>
          <Group gap="sm">
            <FileButton onChange={choose} accept="image/png,image/jpeg" resetRef={resetFile}>
              {(props) => (
                <Button variant="light" {...props} data-testid="choose-photo">
                  {profile.avatar ? t('profile.changePhoto') : t('profile.choosePhoto')}
                </Button>
              )}
            </FileButton>
            {profile.avatar && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => remove.mutate()}
                loading={remove.isPending}
                data-testid="delete-photo"
              >
                {t('profile.deletePhoto')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('profile.photoHint')}
          </Text>
          {error && source === null && (
            <Text size="sm" c="red.9" role="alert" data-testid="photo-error">
              {error}
            </Text>
          )}
        </Stack>
      </Group>
      <Modal opened={source !== null} onClose={close} title={t('profile.cropTitle')} centered size="md">
        {source && (
          <Stack>
            <div className="crop-area">
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <Text size="sm">{t('profile.zoom')}</Text>
            <Slider
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={null}
              aria-label={t('profile.zoom')}
            />
            {error && (
              <Text c="red" size="sm">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => upload.mutate()}
                loading={upload.isPending}
                disabled={!area}
                data-testid="confirm-photo"
              >
                {t('profile.cropConfirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
