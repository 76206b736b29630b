import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { DefaultLayout } from './layouts/default-layout';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * The spec's route table (§2). The top page and the 404 page ship with the entry; the pages to
 * come (service pages, mypage, badge, notifications) slot in here as lazy route modules.
 */
export const routes: RouteObject[] = [
  {
    element: <DefaultLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors render inside the layout, so the header (and login) stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          // Also what an unknown slug shows, so it ships with the entry.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
