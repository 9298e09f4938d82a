const APP_ERROR = Symbol.for("missio.AppError");

/** An error whose `key` is a translation key shown to the user (spec section 8). */
export class AppError extends Error {
  readonly [APP_ERROR] = true;

  constructor(
    readonly key: string,
    readonly status = 400,
    readonly field?: string,
  ) {
    super(key);
    this.name = "AppError";
  }

  /**
   * The Remix build bundles its own copy of this class, while services throw the server's one:
   * `instanceof AppError` recognises both by a global brand instead of the prototype chain.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== AppError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }
}
