import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { companySettingsQuery, localized } from '../../shared/api/company-settings';
import { todayIso } from '../../shared/clock';

/** The company's links (an empty one is not shown) and its name, from the console's «Компания» page. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const settings = useQuery(companySettingsQuery()).data;
  const links = [
    { href: settings?.investUrl, label: t('layout.footerInvest') },
    { href: settings?.hotelsUrl, label: t('layout.footerHotels') },
    { href: settings?.privacyUrl, label: t('layout.footerPrivacy') },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href));
  const company = settings ? localized(settings.name, settings.nameEn, i18n.language) : '';
  return (
    <footer className="app-footer">
      <Group gap="lg" justify="space-between" wrap="wrap">
        <Group gap="md" wrap="wrap">
          {links.map((link) => (
            <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
              {link.label}
            </Anchor>
          ))}
          {settings?.supportPhone && (
            <Anchor href={`tel:${settings.supportPhone.replace(/[^\d+]/g, '')}`} size="sm">
              {settings.supportPhone}
            </Anchor>
          )}
          {settings?.supportEmail && (
            <Anchor href={`mailto:${settings.supportEmail}`} size="sm">
              {settings.supportEmail}
            </Anchor>
          )}
        </Group>
        {settings && (
          <Text size="xs" c="dimmed">
            {t('layout.footerCredits', { year: todayIso().slice(0, 4), company })}
          </Text>
        )}
      </Group>
    </footer>
  );
}
