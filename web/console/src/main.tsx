import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import './i18n';
import './ui/styles.css';
import { queryClient } from './api/query';
import { router } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* A screen waits here while the chosen language's texts load (English is always there). */}
      <Suspense fallback={<p className="loading" role="status" aria-busy="true">…</p>}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
