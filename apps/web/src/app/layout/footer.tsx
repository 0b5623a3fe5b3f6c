import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../shared/clock';
import { EXTERNAL_LINKS } from '../../shared/links';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <Group gap="lg" justify="space-between" wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Anchor href={EXTERNAL_LINKS.invest} target="_blank" rel="noopener noreferrer" size="sm">
            {t('layout.footerInvest')}
          </Anchor>
          <Anchor href={EXTERNAL_LINKS.hotels} target="_blank" rel="noopener noreferrer" size="sm">
            {t('layout.footerHotels')}
          </Anchor>
          <Anchor href={EXTERNAL_LINKS.privacy} target="_blank" rel="noopener" size="sm">
            {t('layout.footerPrivacy')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          {t('layout.footerCredits', { year: todayIso().slice(0, 4) })}
        </Text>
      </Group>
    </footer>
  );
}
