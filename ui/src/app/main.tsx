import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { checkAdminSessionAtom } from '../features/auth/adminSession.ts';
import { createQueryClient } from '../shared/queries.ts';
import '../styles/index.css';
import { router } from './router.ts';

const store = createStore();
const queryClient = createQueryClient();
// The specification checks the admin session once, at start-up, not per page.
void store.set(checkAdminSessionAtom);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
);
