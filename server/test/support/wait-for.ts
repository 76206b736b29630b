/** Asks `probe` every 150 ms until it answers something truthy (a job's result, a row), or fails naming `what`. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what}`);
}
