// Mantine's styles per component (issue 16): the first screen's here, the signed-in areas' with their layouts,
// the charts' with the chart library.
import './shared/ui/mantine-styles';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { theme } from './app/theme';
import { queryClient } from './shared/api/query-client';
import { i18nReady, setupI18n } from './shared/i18n';

setupI18n();

const root = document.getElementById('root');
// The router has started the first route's chunks already; the first render waits for the language's texts too.
if (root) {
  void i18nReady().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}
