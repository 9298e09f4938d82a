/** A base that never matches a real site: only what stays on it is a local path. */
const LOCAL = "http://local.invalid";

/**
 * The one check for every redirect target that comes from a request (login's `redirectTo`, the
 * preferences form, social login): only a path on this site, returned in the form the browser
 * will follow. The value is parsed as a browser would (tabs and newlines are dropped, `\` is
 * `/`), so `/\t/evil.test` or `/\\evil.test` cannot turn into `//evil.test`; what comes back is
 * percent-encoded ASCII, so a CR/LF or non-Latin-1 value can never break the Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(to, LOCAL);
  } catch {
    return fallback;
  }
  if (url.origin !== LOCAL) return fallback;
  const local = url.pathname + url.search + url.hash;
  // a path that starts with two slashes (after dot segments are removed) is another host
  if (!local.startsWith("/") || local.startsWith("//") || local.startsWith("/\\")) return fallback;
  return local;
}
