import { Alert, Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session';

/** On every page while a document waits for the signature (a document with status 1: needSign). */
export function NeedSignBanner() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { pathname } = useLocation();
  if (!profile.needSign || pathname.startsWith('/documents')) return null;
  return (
    <Alert color="orange" variant="light" radius={0} className="need-sign" data-testid="need-sign-banner">
      {t('layout.needSign')}{' '}
      <Anchor component={Link} to="/documents/" fw={600} c="dark.8" underline="always">
        {t('layout.needSignLink')}
      </Anchor>
    </Alert>
  );
}
