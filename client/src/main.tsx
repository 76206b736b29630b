import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { whenFirstPageReady } from './app/shell/first-paint';
import { checkSessionAtStart } from './features/auth/api/session-at-start';
import { installAnalytics } from './lib/analytics-adapters/install-analytics';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk';
import './styles.css';

reloadOnStaleChunk();
installAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Who is logged in, and the first page's code and data (the router loads them as it is made), all
// asked for at once.
const sessionChecked = checkSessionAtStart();
const router = createAppRouter();
const root = createRoot(container);
void whenFirstPageReady(router, sessionChecked).then(() =>
  // A transition: React renders the first page in small slices between which the browser stays
  // responsive, instead of one long task (slow phones felt it as a frozen page).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
