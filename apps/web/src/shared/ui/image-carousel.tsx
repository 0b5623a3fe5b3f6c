import { ActionIcon, Box, Group, Image, Text } from '@mantine/core';
import { useState } from 'react';

/** The step of a one-picture carousel that wraps around at both ends. */
export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

/** A carousel of one picture at a time that wraps (the units and promo cards, spec: Screens and routes). */
export function ImageCarousel({
  images,
  alt,
  labels,
  height = 200,
}: {
  images: string[];
  alt: string;
  /** Accessible names of the buttons, in the page's language. */
  labels: { previous: string; next: string };
  height?: number;
}) {
  const [index, setIndex] = useState(0);
  const current = images[wrapIndex(index, images.length)];
  return (
    <Box pos="relative" h={height} bg="gray.1" style={{ overflow: 'hidden' }} data-testid="carousel">
      {current && <Image src={current} alt={alt} h={height} fit="cover" />}
      {images.length > 1 && (
        <>
          <Group
            pos="absolute"
            top="50%"
            left={8}
            right={8}
            justify="space-between"
            style={{ translate: '0 -50%' }}
          >
            <ActionIcon
              variant="white"
              radius="xl"
              aria-label={labels.previous}
              onClick={() => setIndex((i) => wrapIndex(i - 1, images.length))}
            >
              ‹
            </ActionIcon>
            <ActionIcon
              variant="white"
              radius="xl"
              aria-label={labels.next}
              onClick={() => setIndex((i) => wrapIndex(i + 1, images.length))}
            >
              ›
            </ActionIcon>
          </Group>
          <Text
            pos="absolute"
            bottom={8}
            right={10}
            size="xs"
            c="white"
            bg="rgba(0,0,0,0.45)"
            px={6}
            style={{ borderRadius: 8 }}
            data-testid="carousel-position"
          >
            {wrapIndex(index, images.length) + 1} / {images.length}
          </Text>
        </>
      )}
    </Box>
  );
}
