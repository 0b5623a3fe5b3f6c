import { Select, Tabs, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session';

const nameOf = (location: { name: string; nameEn: string }, en: boolean) =>
  en ? location.nameEn : location.name;

/**
 * Tabs of the current role's locations; a placeholder (666 in the demo, any "coming soon" entry the company makes in
 * the console) is shown by its name but cannot be chosen.
 */
export function LocationTabs() {
  const { t, i18n } = useTranslation();
  const { locations, currentLocation, setCurrentLocationId } = useSession();
  const en = i18n.language === 'en';
  if (locations.length === 0) return null;
  return (
    <Tabs
      value={currentLocation ? String(currentLocation.id) : null}
      onChange={(value) => value && setCurrentLocationId(Number(value))}
      className="location-tabs"
      aria-label={t('layout.locations')}
    >
      <Tabs.List>
        {locations.map((location) =>
          location.isPlaceholder ? (
            <Tooltip key={location.id} label={t('layout.newLocationSoon')} withArrow>
              <Tabs.Tab value={String(location.id)} disabled>
                {nameOf(location, en) || t('layout.newLocation')}
              </Tabs.Tab>
            </Tooltip>
          ) : (
            <Tabs.Tab key={location.id} value={String(location.id)}>
              {nameOf(location, en)}
            </Tabs.Tab>
          ),
        )}
      </Tabs.List>
    </Tabs>
  );
}

/** The mobile variant (768 px and below): a dropdown of the locations. */
export function LocationSelect() {
  const { t, i18n } = useTranslation();
  const { locations, currentLocation, setCurrentLocationId } = useSession();
  const en = i18n.language === 'en';
  if (locations.length === 0) return null;
  return (
    <Select
      label={t('layout.location')}
      value={currentLocation ? String(currentLocation.id) : null}
      onChange={(value) => value && setCurrentLocationId(Number(value))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data={locations.map((l) => ({
        value: String(l.id),
        label: l.isPlaceholder
          ? `${nameOf(l, en) || t('layout.newLocation')} (${t('common.soon')})`
          : nameOf(l, en),
        disabled: l.isPlaceholder,
      }))}
      data-testid="location-select"
    />
  );
}
