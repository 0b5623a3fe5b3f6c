// Mantine's styles per component: the first screen's here, the signed-in areas' with their layouts,
// the charts' with the chart library.
import './shared/ui/mantine-styles';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { themeIn } from './app/theme';
import { queryClient } from './shared/api/query-client';
import { i18nReady, setupI18n } from './shared/i18n';
import { installFocusKeeper } from './shared/ui/focus-keeper';

setupI18n();
installFocusKeeper();

/** Mantine with the theme in the user's language; switching the language renames its controls too. */
function ThemeInLanguage({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the label follows the language t answers in.
  const localized = useMemo(() => themeIn(t('common.close')), [t, language]);
  return <MantineProvider theme={localized}>{children}</MantineProvider>;
}

const root = document.getElementById('root');
// The router has started the first route's chunks already; the first render waits for the language's texts too.
if (root) {
  void i18nReady().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <ThemeInLanguage>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ThemeInLanguage>
      </StrictMode>,
    ),
  );
}
