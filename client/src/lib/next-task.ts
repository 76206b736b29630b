/**
 * Resolves in a later task, so the browser can handle input and network callbacks first. Work split
 * by it shows up on a slow phone as several short tasks rather than one long frozen moment.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
