import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { whenFirstPageReady } from './app/shell/first-paint';
import { catchEarlyInstallOffer } from './features/app-updates/early-install-offer';
import { checkSessionAtStart } from './lib/session/session-at-start';
import { installAnalytics } from './lib/analytics-adapters/install-analytics';
import { nextTask } from './lib/next-task';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk';
import './design-tokens.css';
import './styles.css';

reloadOnStaleChunk();
installAnalytics();
catchEarlyInstallOffer();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Each start step costs tens of milliseconds on a slow phone: each runs in a task of its own.
async function start(container: HTMLElement) {
  // Who is logged in is asked first; the router asks for the first page's data as it is made (the
  // page's code is already on its way: the server links it into the HTML).
  const sessionChecked = checkSessionAtStart();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const root = createRoot(container);
  await whenFirstPageReady(router, sessionChecked);
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
  );
}

void start(container);
