import { Tabs } from '@mantine/core';
import { WHOLE_LOCATION_TAB_ID } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import type { TimelineTab } from './timeline-tabs';

/** The unit tab strip of the timeline and reports pages. */
export function TimelineTabStrip({
  tabs,
  value,
  onChange,
}: {
  tabs: TimelineTab[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const label = (tab: TimelineTab) =>
    (en ? tab.labelEn : tab.label) ??
    (tab.id === WHOLE_LOCATION_TAB_ID
      ? t('timeline.wholeLocation')
      : t('timeline.locationTab', { id: tab.id }));
  return (
    <Tabs value={value === null ? null : String(value)} onChange={(v) => v && onChange(Number(v))}>
      <Tabs.List data-testid="timeline-tabs" aria-label={t('timeline.tabs')}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={String(tab.id)} data-tab-id={tab.id}>
            {label(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
