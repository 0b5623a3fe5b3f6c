import { ActionIcon, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type GallerySlide = { url: string; isVideo: boolean };

/** A modal of photos and videos with previous/next and 'n / m'; wraps around at both ends. */
export function GalleryModal({
  slides,
  index,
  onIndex,
  onClose,
  title,
}: {
  slides: GallerySlide[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  title?: string;
}) {
  const { t } = useTranslation();
  const slide = index === null ? undefined : slides[index];
  const step = (delta: number) => index !== null && onIndex((index + delta + slides.length) % slides.length);
  return (
    <Modal
      opened={slide !== undefined}
      onClose={onClose}
      title={title ?? t('control.gallery')}
      size="xl"
      centered
    >
      {slide && index !== null && (
        <Stack gap="sm" data-testid="gallery">
          {slide.isVideo ? (
            // biome-ignore lint/a11y/useMediaCaption: inspection videos have no speech to caption.
            <video src={slide.url} controls style={{ width: '100%', maxHeight: '70vh' }} />
          ) : (
            <Image src={slide.url} alt={`${index + 1} / ${slides.length}`} fit="contain" mah="70vh" />
          )}
          {slides.length > 1 && (
            <Group justify="center" gap="md">
              <ActionIcon variant="light" onClick={() => step(-1)} aria-label={t('control.previous')}>
                ‹
              </ActionIcon>
              <Text size="sm" data-testid="gallery-counter">
                {index + 1} / {slides.length}
              </Text>
              <ActionIcon variant="light" onClick={() => step(1)} aria-label={t('control.next')}>
                ›
              </ActionIcon>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
