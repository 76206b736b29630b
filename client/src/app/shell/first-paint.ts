import type { createAppRouter } from '../router';

type AppRouter = Pick<ReturnType<typeof createAppRouter>, 'state' | 'subscribe'>;

/**
 * How long the first paint waits for the first page's code and data and for the session check.
 * Within it the page appears once, complete, instead of the header and a skeleton that are redrawn a
 * moment later (a second full layout that slow phones feel); past it, the header and the skeleton
 * show while the page keeps loading.
 */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves when the router has its first page (or its error) and `alsoWaitFor` has settled, or when
 * `waitMs` is over, whichever comes first.
 */
export function whenFirstPageReady(router: AppRouter, alsoWaitFor: Promise<unknown>, waitMs = FIRST_PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const routerReady = new Promise<void>((routed) => {
      if (router.state.initialized) return routed();
      unsubscribe = router.subscribe((state) => {
        if (state.initialized) routed();
      });
    });
    void Promise.all([routerReady, alsoWaitFor.catch(() => undefined)]).then(done);
  });
}
