import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client.js';
import { I18nProvider } from './i18n/index.js';
import { router } from './router.js';
import { StepUpProvider } from './session/step-up.js';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) is an answer, not a glitch: only server trouble is retried.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('no #root element');
createRoot(container).render(
  <QueryClientProvider client={queryClient}>
    <I18nProvider>
      <StepUpProvider>
        <RouterProvider router={router} />
      </StepUpProvider>
    </I18nProvider>
  </QueryClientProvider>,
);
