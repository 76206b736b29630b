import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { installAnalytics } from './lib/analytics-adapters/install-analytics';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk';
import './styles.css';

reloadOnStaleChunk();
installAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
