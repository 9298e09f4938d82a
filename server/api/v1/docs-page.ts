import type { OpenApiDocument } from "./openapi";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const pretty = (v: unknown) => escape(JSON.stringify(v, null, 2));

/**
 * The reference page (/api/v1/docs): the generated document rendered on the server, one section
 * per operation with its parameters, body and answers. Nothing from a CDN (none is reachable) and
 * no script: it reads as it arrives.
 */
export function docsPage(doc: OpenApiDocument): string {
  const ops: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "post", "put", "delete"] as const) {
      const op = (item as Record<string, Record<string, unknown> | undefined>)[method];
      if (!op) continue;
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
      const secured = Array.isArray(op.security) && op.security.some((s) => Object.keys(s as object).length > 0);
      toc.push(
        `<li><a href="#${id}"><code>${method.toUpperCase()} ${escape(path)}</code></a> ${escape(String(op.summary ?? ""))}</li>`,
      );
      const params =
        (op.parameters as
          { name: string; in: string; required?: boolean; schema?: unknown; description?: string }[] | undefined) ?? [];
      const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
      const responses = (op.responses ?? {}) as Record<
        string,
        { description?: string; content?: Record<string, { schema?: unknown }> }
      >;
      ops.push(`<section id="${id}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api/v1${escape(path)}</code></h3>
<p>${escape(String(op.summary ?? ""))}${secured ? ' <span class="auth">bearer token</span>' : ""}</p>
${op.description ? `<p>${escape(String(op.description))}</p>` : ""}
${
  params.length
    ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${params
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><pre>${pretty(p.schema)}</pre>${p.description ? escape(p.description) : ""}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${
  body
    ? Object.entries(body)
        .map(([type, c]) => `<h4>Body <code>${escape(type)}</code></h4><pre>${pretty(c.schema)}</pre>`)
        .join("")
    : ""
}
<h4>Answers</h4>
<ul>${Object.entries(responses)
        .map(
          ([status, r]) =>
            `<li><b>${status}</b> ${escape(r.description ?? "")}${
              r.content
                ? Object.entries(r.content)
                    .map(([type, c]) =>
                      status.startsWith("2")
                        ? `<pre>${escape(type)}\n${pretty(c.schema)}</pre>`
                        : ` <code>${escape(type)}</code>`,
                    )
                    .join("")
                : ""
            }</li>`,
        )
        .join("")}</ul>
</section>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} ${escape(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
pre{background:#f3f4f6;padding:.5rem;overflow:auto;font-size:12px;max-height:24rem}
section{border-top:1px solid #e5e7eb;padding-top:.5rem;margin-top:1.5rem}
.m{font-weight:700;padding:0 .4rem;border-radius:.25rem;color:#fff}.get{background:#2563eb}.post{background:#16a34a}.put{background:#ca8a04}.delete{background:#dc2626}
.auth{font-size:12px;background:#fef3c7;padding:0 .4rem;border-radius:.25rem}
table{border-collapse:collapse}td,th{border:1px solid #e5e7eb;padding:.25rem .5rem;vertical-align:top;text-align:left}
</style></head><body>
<h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
<p>${escape(doc.info.description ?? "")}</p>
<p>The machine-readable document: <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI ${escape(doc.openapi)}). Errors are <code>application/problem+json</code> (RFC 9457) with <code>key</code> and, for refused input, <code>errors: [{field, key, message}]</code>, translated by <code>Accept-Language</code>. Writes take an <code>Idempotency-Key</code> header.</p>
<h2>Operations</h2><ul>${toc.join("")}</ul>
${ops.join("\n")}
</body></html>`;
}
