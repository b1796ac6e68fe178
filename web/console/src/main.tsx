import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { i18nReady } from './i18n';
import './ui/styles.css';
import { queryClient } from './api/query';
import { router } from './app/router';

// The first screen's data is already being fetched (boot.ts, route loaders); the texts of a language
// other than English load meanwhile, and the console renders when they are there.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
