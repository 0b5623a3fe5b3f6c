import { Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogue } from '../queries';

/** The location (and, when asked, unit) selects of the console's catalogue. */
export function usePlacePicker(withUnit: boolean) {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const [chosenLocation, setLocation] = useState<number | null>(null);
  const [chosenUnit, setUnit] = useState<number | null>(null);
  const locations = catalogue.data?.locations ?? [];
  const locationId = chosenLocation ?? locations[0]?.id ?? null;
  const units = (catalogue.data?.units ?? []).filter((u) => u.locationId === locationId);
  const unitId =
    chosenUnit !== null && units.some((u) => u.id === chosenUnit) ? chosenUnit : (units[0]?.id ?? null);
  const picker = (
    <Group gap="sm" align="flex-end">
      <NativeSelect
        label={t('backofficeCompany.location')}
        value={locationId === null ? '' : String(locationId)}
        onChange={(event) => setLocation(Number(event.currentTarget.value))}
        data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
        miw={240}
        data-testid="company-location"
      />
      {withUnit && (
        <NativeSelect
          label={t('backofficeCompany.unit')}
          value={unitId === null ? '' : String(unitId)}
          onChange={(event) => setUnit(Number(event.currentTarget.value))}
          data={units.map((u) => ({ value: String(u.id), label: u.name }))}
          miw={240}
          data-testid="company-unit"
        />
      )}
    </Group>
  );
  return { catalogue, locationId, unitId, picker };
}
