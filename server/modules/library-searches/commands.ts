import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Actor } from "../identity/contract";
import { librarySearchDecider, type LibrarySearchCommand } from "./decider";
import { librarySearchesStream } from "./events";
import { canonicalLibraryQuery } from "./rules";

/** A consultant's saved library searches: save, rename, alerts on or off, delete (their own, in their agency). */
export function librarySearchCommands({ store, ctx }: { store: EventStore; ctx: DecideContext }) {
  const run = (command: LibrarySearchCommand, actor: Actor) =>
    handleCommand(store, librarySearchDecider, librarySearchesStream(actor.id), command, ctx, { actor: actor.id });
  const me = (actor: Actor) => ({ userId: actor.id, role: actor.role, agencyId: actor.agencyId });

  return {
    /** Saves the search as /cv-theque has it in its query string; returns its id. */
    async saveLibrarySearch(actor: Actor, input: { name: string; query: string }) {
      const searchId = ctx.ids.uuid();
      const query = canonicalLibraryQuery(input.query);
      await run({ type: "SaveSearch", ...me(actor), searchId, name: input.name, query }, actor);
      return searchId;
    },
    async renameLibrarySearch(actor: Actor, searchId: string, name: string) {
      await run({ type: "RenameSearch", ...me(actor), searchId, name }, actor);
    },
    async switchLibrarySearchAlerts(actor: Actor, searchId: string, alerts: boolean) {
      await run({ type: "SwitchAlerts", ...me(actor), searchId, alerts }, actor);
    },
    async deleteLibrarySearch(actor: Actor, searchId: string) {
      await run({ type: "DeleteSearch", ...me(actor), searchId }, actor);
    },
  };
}
