/**
 * Resolves once the browser has painted the next frame: a requestAnimationFrame callback runs just
 * before the paint, a task it queues runs after it.
 */
export const afterNextPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
