import { ActionIcon, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
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
  // The arrow keys page through the slides while the gallery is open (a focused video keeps its own keys).
  useWindowEvent('keydown', (event) => {
    if (slide === undefined || slides.length < 2) return;
    if ((event.target as Element | null)?.closest?.('video, input, textarea')) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
  });
  return (
    <Modal
      opened={slide !== undefined}
      onClose={onClose}
      title={title ?? t('control.gallery')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
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
