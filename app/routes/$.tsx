/** Any unknown path: the not-found page with status 404. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
