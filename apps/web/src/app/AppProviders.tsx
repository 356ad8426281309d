import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createEstanciaTheme } from '@estancia/ui';
import { i18n } from '../shared/i18n';
import { queryClient } from '../shared/query-client';

const theme = createEstanciaTheme();

// The API names catalogue products in the interface language: after a switch, lists holding them reload.
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'catalogue' || queryKey.at(-1) === 'recommendations',
  });
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
