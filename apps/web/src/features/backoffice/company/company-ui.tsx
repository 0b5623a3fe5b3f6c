import { Button, FileButton, Group, NativeSelect, Progress, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert';
import { useCatalogue } from '../queries';

/**
 * Picks a file and uploads it with progress; the server tells the type by content and its refusal is shown here.
 * `start` runs the upload mutation with the file and the progress callback.
 */
export function UploadButton({
  label,
  accept,
  mutation,
  start,
  disabled,
  testId,
}: {
  label: string;
  accept: string;
  // biome-ignore lint/suspicious/noExplicitAny: any upload mutation of the console
  mutation: UseMutationResult<any, Error, any>;
  start: (file: File, onProgress: (percent: number) => void) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(0);
  return (
    <>
      <Group gap="sm">
        <FileButton
          accept={accept}
          inputProps={{ 'data-testid': testId } as React.InputHTMLAttributes<HTMLInputElement>}
          onChange={(file) => {
            if (!file) return;
            setPercent(0);
            mutation.reset();
            start(file, setPercent);
          }}
          disabled={disabled}
        >
          {(props) => (
            <Button {...props} variant="light" loading={mutation.isPending} disabled={disabled}>
              {label}
            </Button>
          )}
        </FileButton>
        {mutation.isPending && (
          <Text size="sm" c="dimmed">
            {t('backofficeCompany.uploading', { percent })}
          </Text>
        )}
      </Group>
      {mutation.isPending && <Progress value={percent} size="sm" maw={420} />}
      <ApiErrorAlert error={mutation.error} />
    </>
  );
}

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
