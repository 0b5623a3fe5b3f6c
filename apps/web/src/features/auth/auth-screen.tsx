import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggler } from '../../shared/ui/language-toggler';

/** The one screen of the auth routes: brand panel and a card whose view changes with the route. */
export function AuthScreen({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const { t } = useTranslation();
  return (
    <div className="auth-screen">
      <section className="auth-brand" aria-hidden="true">
        <div>
          <Text className="auth-brand-title">{t('auth.welcome')}</Text>
          <Text className="auth-brand-text">{t('auth.welcomeText')}</Text>
        </div>
      </section>
      <main className="auth-main">
        <div className="auth-topbar">
          <Anchor href="/login" underline="never" fw={700} c="dark">
            {t('layout.brand')}
          </Anchor>
          <LanguageToggler />
        </div>
        <Paper className="auth-card" radius="lg" p="xl" withBorder id={id}>
          <Stack gap="md">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
