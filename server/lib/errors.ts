/** An error whose `key` is a translation key shown to the user (spec section 8). */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(key);
    this.name = "AppError";
  }
}
