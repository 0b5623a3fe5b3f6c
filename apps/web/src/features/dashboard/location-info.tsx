import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LocationInfo } from '@portal/contract/finance';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format';

/**
 * The location's catalogue entry: the location, its units by type and area, its infrastructure. The spec shows
 * the last two blocks in reversed order: infrastructure before units.
 */
export function LocationInfoBlocks({ info }: { info: LocationInfo }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const blocks = [
    <Paper key="location" withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('finance.locationTitle')}
      </Text>
      <Title order={3} size="h5" mt={4}>
        {en ? info.nameEn : info.name}
      </Title>
      <Text size="sm" mt={4}>
        {en ? info.descriptionEn : info.description}
      </Text>
      {info.distanceKm !== null && (
        <Text size="sm" c="dimmed" mt={4}>
          {t('finance.distance', { count: info.distanceKm })}
        </Text>
      )}
    </Paper>,
    <Paper key="units" withBorder radius="md" p="md" data-testid="location-units">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('finance.unitsTitle')}
      </Text>
      <Stack gap={4} mt={6}>
        {info.units.map((unit) => (
          <Text key={unit.type} size="sm">
            {/* «each» only for several units that share their area (never «1 юнит … каждый»); else the range. */}
            {t(
              unit.areaMin !== unit.areaMax
                ? 'finance.unitsLineRange'
                : unit.count === 1
                  ? 'finance.unitsLineOne'
                  : 'finance.unitsLine',
              {
                units: t('plural.unit', { count: unit.count }),
                type: en ? unit.typeEn : unit.type,
                area: formatNumber(unit.area, 1, en ? 'en' : 'ru'),
                areaMin: formatNumber(unit.areaMin, 1, en ? 'en' : 'ru'),
                areaMax: formatNumber(unit.areaMax, 1, en ? 'en' : 'ru'),
              },
            )}
          </Text>
        ))}
      </Stack>
    </Paper>,
    <Paper key="infrastructure" withBorder radius="md" p="md" data-testid="location-infrastructure">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('finance.infrastructureTitle')}
      </Text>
      <Stack gap={4} mt={6}>
        {info.infrastructure.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('finance.noInfrastructure')}
          </Text>
        ) : (
          info.infrastructure.map((item) => (
            <Text key={item.name} size="sm">
              {item.count} × {en ? item.nameEn : item.name}
            </Text>
          ))
        )}
      </Stack>
    </Paper>,
  ];
  const [first, ...rest] = blocks;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {first}
      {rest.reverse()}
    </SimpleGrid>
  );
}
