import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { loadTexts, setupI18n } from '../shared/i18n';

/** Renders a piece of the client with its providers and all its texts, in Russian unless asked otherwise. */
export async function renderWithProviders(
  ui: ReactNode,
  { language = 'ru' as 'ru' | 'en', path = '/' } = {},
) {
  const i18n = setupI18n(language);
  await i18n.changeLanguage(language);
  await Promise.all([loadTexts('app'), loadTexts('backoffice')]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
