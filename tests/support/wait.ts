/** Polls until `check` returns true (or a truthy value, returned), failing after `timeout` ms. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeout = 10_000, interval = 20, message = "condition" as string | (() => string) } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `waitFor: ${typeof message === "function" ? message() : message} not met within ${timeout} ms${lastError ? ` (last error: ${String(lastError)})` : ""}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
