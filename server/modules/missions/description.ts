import sanitizeHtml from "sanitize-html";

/** The markup an ad description may keep: text formatting, lists, headings and links. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener", target: "_blank" }) },
};

/**
 * A description as typed: HTML from the editor is cleaned of anything that could run or restyle
 * the page; plain text (a form without JavaScript) becomes paragraphs.
 */
export function sanitizeDescription(input: string): string {
  const looksLikeHtml = /<\/?[a-z][\s\S]*>/i.test(input);
  const html = looksLikeHtml
    ? input
    : input
        // browsers send a textarea's line breaks as CRLF
        .replace(/\r\n?/g, "\n")
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
        .filter((p) => p !== "<p></p>")
        .join("");
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The words of a description, for search and feeds that take text. */
export function descriptionText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
