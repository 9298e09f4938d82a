import { json, type LoaderFunctionArgs } from "@remix-run/node";

/** Database, search, job queue and processor lag; 503 when a dependency is down. */
export async function loader({ context }: LoaderFunctionArgs) {
  const report = await context.services.health();
  return json(report, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
