import { Outlet } from "@remix-run/react";
import { PublicFrame } from "~/components/layout/public-frame";

/** The blank layout of the public pages: no menu, just the brand and the languages. */
export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
