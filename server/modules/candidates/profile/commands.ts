import { handleCommand } from "../../../event-store/command";
import type { DecideContext } from "../../../event-store/decider";
import type { EventStore } from "../../../event-store/store";
import { AppError } from "../../../lib/errors";
import type { Actor } from "../../identity/contract";
import { profileDecider, type ProfileCommand } from "./decider";
import { profileStream } from "./events";

/** A profile command as the routes give it: the person is the actor. */
export type ProfileInput = ProfileCommand extends infer C
  ? C extends ProfileCommand
    ? Omit<C, "userId">
    : never
  : never;

export function profileCommands({ store, ctx }: { store: EventStore; ctx: DecideContext }) {
  return {
    /**
     * Saves one section (or adds, edits, removes an entry, or manages named profiles) of the
     * actor's own profile. `expectedVersion` is the section's version the form was shown: if it
     * moved meanwhile (another tab), ConcurrencyError, and the route keeps the person's input.
     * Returns the id of an entry or named profile it created, if any.
     */
    async saveProfile(actor: Pick<Actor, "id" | "role">, input: ProfileInput): Promise<string | null> {
      if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
      const command = { ...input, userId: actor.id } as ProfileCommand;
      const [event] = await handleCommand(store, profileDecider, profileStream(actor.id), command, ctx, {
        actor: actor.id,
        subject: actor.id,
      });
      const data = (event?.data ?? {}) as { entryId?: string; profileId?: string };
      return input.type === "SaveEntry"
        ? (data.entryId ?? null)
        : input.type === "CreateNamedProfile"
          ? (data.profileId ?? null)
          : null;
    },
  };
}
