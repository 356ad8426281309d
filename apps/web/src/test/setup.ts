import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { preloadLocales } from '../shared/i18n';

// The app fetches Catalan and English on demand; the tests switch languages synchronously.
await preloadLocales();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
