import { json, type MetaFunction } from "@remix-run/node";
import { ErrorPage } from "~/components/error-page";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Where the ability check sends people (also served at /misc/not-authorized). */
export function loader() {
  return json(null, { status: 403 });
}

export default function NotAuthorized() {
  return <ErrorPage status={403} />;
}
