/** What a loader threw (fails the test when it did not throw). */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the loader did not throw');
}

/** The loader's `data(null, { status: 404 })`: RouteErrorPage shows the 404 page. */
export const isNotFoundResponse = (error: unknown) =>
  error instanceof Object && 'init' in error && (error as { init: { status: number } }).init.status === 404;
