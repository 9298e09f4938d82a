import { handleCommand } from "../../../event-store/command";
import { eraseKey } from "../../../event-store/data-keys";
import { fold, type DecideContext } from "../../../event-store/decider";
import type { EventStore } from "../../../event-store/store";
import type { EventMetadata } from "../../../event-store/types";
import type { Storage } from "../../../infra/storage";
import { AppError } from "../../../lib/errors";
import type { RegisterUserInput } from "../../identity/commands";
import { verifyPassword } from "../../identity";
import type { Role } from "../../identity/contract";
import {
  candidateDecider,
  registrationDecider,
  type AccountInput,
  type DetailsInput,
  type RegistrationCommand,
  type RegistrationState,
} from "./decider";
import { checkDocument, cleanFileName } from "../../../lib/uploads";
import { candidateStream, registrationStream } from "./events";
import { profileStream } from "../profile/events";

/** What registration needs of identity (passed in: candidates never write identity's streams). */
export interface IdentityPort {
  credentialsByEmail(
    email: string,
  ): Promise<{ id: string; role: Role; verified: boolean; passwordHash: string } | null>;
  registerUser(input: RegisterUserInput): Promise<string>;
}

export interface CandidateDeps {
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  identity: IdentityPort;
}

/** Draft events are caused by an anonymous visitor, known only by the draft. */
const draftMeta = (registrationId: string): EventMetadata => ({ actor: `registration:${registrationId}` });

export function candidateCommands({ store, ctx, storage, identity }: CandidateDeps) {
  const run = (registrationId: string, command: RegistrationCommand) =>
    handleCommand(
      store,
      registrationDecider,
      registrationStream(registrationId),
      command,
      ctx,
      draftMeta(registrationId),
    );

  const load = async (registrationId: string): Promise<RegistrationState> =>
    fold(registrationDecider, await store.readStream(registrationStream(registrationId)));

  /** The live check of the form, repeated on the server: an address with an account is refused. */
  async function assertEmailFree(email: string) {
    if (await identity.credentialsByEmail(email)) throw new AppError("conflict", "email_exist", "email");
  }

  /**
   * The account was created but the draft did not record it (a crash, or a double submit): the
   * account is this draft's when it is an unverified candidate with the draft's password and no
   * candidate data yet. Anything else means the address is someone else's.
   */
  async function adoptAccount(state: RegistrationState): Promise<string> {
    const existing = await identity.credentialsByEmail(state.account!.email);
    const mine =
      existing &&
      existing.role === "CANDIDATE" &&
      !existing.verified &&
      (await store.readStream(candidateStream(existing.id))).length === 0 &&
      (await verifyPassword(existing.passwordHash, state.account!.password));
    if (!mine) throw new AppError("conflict", "email_exist", "email");
    return existing.id;
  }

  /**
   * One transaction: the draft is completed, the candidate's data is re-stated in their own
   * stream under their own key, and the draft's key is destroyed (its copy, password included,
   * can never be read again).
   */
  async function complete(registrationId: string, userId: string) {
    await handleCommand(
      store,
      registrationDecider,
      registrationStream(registrationId),
      { type: "CompleteRegistration", userId },
      ctx,
      draftMeta(registrationId),
      {
        inTransaction: async (tx) => {
          const draft = fold(registrationDecider, await store.readStream(registrationStream(registrationId), tx));
          const past = await store.readStream(candidateStream(userId), tx);
          const events = candidateDecider.decide(
            {
              type: "RegisterCandidate",
              userId,
              registrationId,
              country: draft.country!,
              birthDate: draft.details!.birthDate,
              desiredJobs: draft.details!.desiredJobs,
              cv: draft.cv!,
            },
            fold(candidateDecider, past),
            ctx,
          );
          await store.appendIn(tx, candidateStream(userId), past.at(-1)?.streamVersion ?? 0, events, { actor: userId });
          // the library visibility chosen with the consents becomes the profile's first setting
          if (draft.libraryVisible) {
            const profile = await store.readStream(profileStream(userId), tx);
            await store.appendIn(
              tx,
              profileStream(userId),
              profile.at(-1)?.streamVersion ?? 0,
              [{ type: "ProfileLibraryVisibilitySaved", data: { userId, visibility: "country" } }],
              { actor: userId },
            );
          }
          await eraseKey(tx, registrationId);
        },
      },
    );
  }

  async function finish(registrationId: string, details: DetailsInput, locale: string): Promise<string> {
    const before = await load(registrationId);
    if (before.userId) return before.userId;
    await run(registrationId, { type: "GiveDetails", ...details });
    const state = await load(registrationId);
    const account = state.account!;
    let userId: string;
    try {
      userId = await identity.registerUser({
        email: account.email,
        password: account.password,
        firstName: account.firstName,
        lastName: account.lastName,
        role: "CANDIDATE",
        locale,
        country: state.country,
        agencyId: null,
        clientId: null,
        verified: false,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.key === "email_exist")) throw error;
      userId = await adoptAccount(state);
    }
    await complete(registrationId, userId);
    return userId;
  }

  return {
    /**
     * The first step (country, email, names, password, consents): a new draft, in one append
     * so no draft exists without its account part. `admit` (the route's rate limit) runs before
     * anything is checked: an `email_exist` answer is counted like a created draft, so the form
     * cannot be used to probe which emails have accounts. Returns the draft id.
     */
    async startRegistration(
      input: { country: string; locale: string } & AccountInput,
      admit?: () => Promise<void>,
    ): Promise<string> {
      // the throttle first: email_exist tells whether an account exists, so refused attempts count too
      await admit?.();
      await assertEmailFree(input.email);
      const registrationId = ctx.ids.uuid();
      const started = registrationDecider.decide(
        { type: "StartRegistration", registrationId, country: input.country, locale: input.locale },
        registrationDecider.initialState,
        ctx,
      );
      const account = registrationDecider.decide(
        { type: "GiveAccount", ...input },
        fold(registrationDecider, started),
        ctx,
      );
      await store.append(registrationStream(registrationId), 0, [...started, ...account], draftMeta(registrationId));
      return registrationId;
    },

    /** The first step again, to correct the email, names or password of a draft. */
    async giveAccount(registrationId: string, input: AccountInput, admit?: () => Promise<void>) {
      await admit?.();
      await assertEmailFree(input.email);
      await run(registrationId, { type: "GiveAccount", ...input });
    },

    /**
     * A CV: its type is read from its content, the file is stored, then the event recorded. If
     * recording fails the file is removed again; a replaced CV's file is removed once the new
     * one is recorded. Nothing is lost silently: an error reaches the caller.
     */
    async uploadCv(registrationId: string, upload: { name: string; bytes: Uint8Array }) {
      const name = cleanFileName(upload.name);
      const mime = await checkDocument(name, upload.bytes);
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, upload.bytes);
      let replaces: string | null;
      try {
        const [event] = await run(registrationId, {
          type: "UploadCv",
          fileId,
          name,
          mime,
          size: upload.bytes.byteLength,
        });
        replaces = (event?.data.replaces as string | null | undefined) ?? null;
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      if (replaces) await storage.remove(replaces).catch(() => undefined);
      return { fileId, name, mime, size: upload.bytes.byteLength };
    },

    /**
     * The CV sent with the anonymous application that created this account (issue 27): their CV
     * from then on, offered on the next application and listed in their documents. The file,
     * already checked and stored, is the application's too (documents keep a file an application
     * still sends).
     */
    async keepAppliedCv(userId: string, cv: { fileId: string; name: string; mime: string; size: number }) {
      await store.append(
        candidateStream(userId),
        "any",
        [
          {
            type: "CandidateDocumentAdded",
            data: { userId, documentId: cv.fileId, category: "cv", mime: cv.mime, size: cv.size },
            personal: { subjectId: userId, data: { name: cv.name } },
          },
        ],
        { actor: userId },
      );
    },

    /**
     * Another CV from a signed-in candidate (the apply form): checked by content, stored, recorded
     * as their latest CV, so it is kept even if what they were doing with it fails.
     */
    async addCv(actor: { id: string; role: Role }, upload: { name: string; bytes: Uint8Array }) {
      if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
      const name = cleanFileName(upload.name);
      const mime = await checkDocument(name, upload.bytes);
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, upload.bytes);
      try {
        await store.append(
          candidateStream(actor.id),
          "any",
          [
            {
              type: "CandidateDocumentAdded",
              data: { userId: actor.id, documentId: fileId, category: "cv", mime, size: upload.bytes.byteLength },
              personal: { subjectId: actor.id, data: { name } },
            },
          ],
          { actor: actor.id },
        );
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      return { fileId, name, mime, size: upload.bytes.byteLength };
    },

    /**
     * The last step: birth date and desired jobs are recorded (kept even if what follows fails),
     * then the account is created (identity.registerUser mails the verification link) and the
     * draft completed. Returns the new user's id. A draft completed meanwhile (a double
     * submit) counts as success.
     */
    async finishRegistration(registrationId: string, details: DetailsInput, locale: string): Promise<string> {
      try {
        return await finish(registrationId, details, locale);
      } catch (error) {
        const now = await load(registrationId);
        if (now.userId) return now.userId;
        throw error;
      }
    },
  };
}
