/**
 * The identity module's contract (pure, shared with app/): roles, the Actor every command and
 * tenant-scoped query takes first, the signed-in person as pages see them, the login outcomes
 * and the password rule.
 *
 * Only `export *` lines: a contract with code or named re-exports of its own is bundled whole
 * into every page that uses it (esbuild then follows each of its lines), while a plain list lets
 * a page take only the files it uses (package.json `sideEffects`): zod stays with ./forms.
 */
export * from "./roles";
export * from "./password-policy";
export * from "./forms";
