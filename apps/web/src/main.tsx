import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { buildRoutes } from './routes/router';
import { i18nReady } from './shared/i18n';

const router = createBrowserRouter(buildRoutes());

// A Catalan or English visitor's catalogue is fetched first, so the first paint is in their language.
void i18nReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
