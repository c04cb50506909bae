import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adminSessionAtom, checkAdminSessionAtom } from '../features/auth/adminSession.ts';
import { LocaleProvider } from '../i18n/LocaleProvider.tsx';
import { addressInChosenLocale, PAGE_LOCALE } from '../i18n/pageLocale.ts';
import { createQueryClient } from '../shared/queries.ts';
import '../styles/index.css';
import { router, store } from './router.ts';

// A visitor who chose Welsh (or whose browser asks for it first) and opens an English address
// goes to its Welsh twin before anything renders, and the other way round.
const chosenAddress = addressInChosenLocale();
if (chosenAddress) window.location.replace(chosenAddress);
document.documentElement.lang = PAGE_LOCALE;

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
        <LocaleProvider>
          <RouterProvider router={router} />
        </LocaleProvider>
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
);
