import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adminSessionAtom, checkAdminSessionAtom } from '../features/auth/adminSession.ts';
import { createQueryClient } from '../shared/queries.ts';
import '../styles/index.css';
import { router, store } from './router.ts';

const queryClient = createQueryClient();
// The specification checks the admin session once, at start-up, not per page.
void store.set(checkAdminSessionAtom);
// Route guards read the session: when it changes (sign-in, sign-out, a 401), they run again.
store.sub(adminSessionAtom, () => void router.invalidate());

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
