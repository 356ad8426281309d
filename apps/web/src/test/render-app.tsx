import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { STORAGE_KEYS } from '@estancia/contracts';
import { AppProviders } from '../app/AppProviders';
import { notifications } from '../features/notifications/notifications';
import { accountBlocked } from '../features/session/account-blocked';
import { session } from '../features/session/session';
import { buildRoutes } from '../routes/router';
import { i18n } from '../shared/i18n';
import { queryClient } from '../shared/query-client';

/** Fresh shared state for each test: no session, empty caches, Spanish. */
export async function resetApp(): Promise<void> {
  session.clear();
  accountBlocked.set(false);
  for (const toast of notifications.getState().toasts) notifications.dismissToast(toast.id);
  notifications.undock();
  queryClient.clear();
  window.localStorage.removeItem(STORAGE_KEYS.lang);
  await act(() => i18n.changeLanguage('es'));
}

/** The whole app at `path`, with the real route tree, guards and providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, location: () => router.state.location };
}
