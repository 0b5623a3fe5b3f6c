import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/session/session';

/** The user's units in the current location; investors reach each card on the assets page by its anchor. */
export function UnitsList() {
  const { t, i18n } = useTranslation();
  const { units, currentLocation, currentRole } = useSession();
  const en = i18n.language === 'en';
  const here = units.filter((u) => u.locationId === currentLocation?.id);
  // Lenders hold a loan, not units: no block that would always say there are none.
  if (currentRole !== 'INVESTOR' && here.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" className="units-list">
      <Title order={2} size="h5" mb="xs">
        {t('layout.units')}
      </Title>
      {here.length === 0 ? (
        <Stack gap={4} data-testid="no-units">
          <Text c="dimmed" size="sm">
            {t('layout.noUnits')}
          </Text>
          {/* The next step: lots that investors sell. */}
          <Anchor component={Link} to="/promo/" size="sm">
            {t('layout.noUnitsNext')}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap={6}>
          {here.map((unit) => {
            const name = en ? unit.unitNameEn : unit.unitName;
            const index = units.indexOf(unit);
            return currentRole === 'INVESTOR' ? (
              <Anchor key={unit.unitId} component={Link} to={`/units/#unit_${index}`} size="sm">
                {name}
              </Anchor>
            ) : (
              <Text key={unit.unitId} size="sm">
                {name}
              </Text>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
