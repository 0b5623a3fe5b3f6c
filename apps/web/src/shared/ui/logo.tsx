import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The brand mark and name, a link to the dashboard: the signed-in header, the console and the 404 page. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/dashboard/"
      underline="never"
      className="logo"
      aria-label={t('layout.brand')}
    >
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1f4d3a" />
        <path d="M14 44 32 18l18 26z" fill="#e9d8a6" />
        <path d="M26 44l6-9 6 9z" fill="#1f4d3a" />
      </svg>
      <span className="logo-text">{t('layout.brand')}</span>
    </Anchor>
  );
}
