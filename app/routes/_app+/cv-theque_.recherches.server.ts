import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { savedSearchAction, type SavedSearchReply } from "~/utils/saved-searches.server";
import { isAgencyStaff } from "#server/modules/identity/contract";
import { librarySearchOf } from "#server/modules/library/contract";
import { renameLibrarySearchSchema, saveLibrarySearchSchema } from "#server/modules/library-searches/contract";

const schemas = { save: saveLibrarySearchSchema, rename: renameLibrarySearchSchema } as const;

/**
 * /cv-theque/recherches: a consultant's saved library searches (issue 28): their words and filters,
 * run, alerts on/off, rename, delete (confirmed on the page, so no JavaScript is needed). Agency
 * staff only (the ability), and the module answers only the consultant's own searches in their
 * agency: a colleague's or another agency's search id is "not found".
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const url = new URL(request.url);
  const searches = await context.services.librarySearches.librarySearches(user);
  return json({
    // a platform admin reaches the back office but has no library (ADR 0034): told so, saves nothing
    hasLibrary: isAgencyStaff(user) && Boolean(user.agencyId),
    searches: searches.map((s) => {
      const search = librarySearchOf(new URLSearchParams(s.query));
      // what the list says of a search: its words, its place, how many filters besides
      const filters = new URLSearchParams(s.query);
      for (const k of ["q", "place", "radius", "reach", "sort"]) filters.delete(k);
      return {
        id: s.id,
        name: s.name,
        query: s.query,
        alerts: s.alerts,
        words: search.q,
        place: search.place ? { name: search.place, radius: search.radius, reach: search.reach } : null,
        filters: [...filters.keys()].length,
      };
    }),
    saved: url.searchParams.get("saved"),
    confirmDelete: url.searchParams.get("delete"),
  });
}

export type Reply = SavedSearchReply;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.cvLibrary");
  const searches = context.services.librarySearches;
  return savedSearchAction(await request.formData(), {
    page: "/cv-theque/recherches",
    schemas,
    commands: {
      save: (input) => searches.saveLibrarySearch(user, input),
      rename: (id, name) => searches.renameLibrarySearch(user, id, name),
      switchAlerts: (id, on) => searches.switchLibrarySearchAlerts(user, id, on),
      remove: (id) => searches.deleteLibrarySearch(user, id),
    },
  });
}
