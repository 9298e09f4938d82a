import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Role } from "../identity/contract";
import type { MailTemplate } from "../notifications/templates";
import { adForApplying, type ApplyInput, type CvCheck } from "./commands";
import { KEPT_CV_MS, type AnonymousOutcome } from "./contract";
import type { AppliedCv } from "./events";

/**
 * The anonymous apply form (spec /apply/annonce/{id}/{source}, section 8 "Anonymous apply
 * statuses"): the person gives an email, names and a CV, and applies as the account of that
 * email, which is created (pending, with a set-password mail) when there is none.
 */

/** What the form needs of identity (typed here: applications never write identity's streams). */
export interface AnonymousIdentityPort {
  credentialsByEmail(email: string): Promise<{ id: string; role: Role; verified: boolean; enabled: boolean } | null>;
  registerPending(
    input: {
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      locale: string;
      country: string | null;
      agencyId: null;
      clientId: null;
    },
    mail: { template: MailTemplate; params: Record<string, string> },
  ): Promise<string>;
  requestVerification(userId: string): Promise<void>;
}

/** What the form needs of candidates: an account it created keeps the CV it sent as the person's CV. */
export interface AnonymousCvPort {
  keepAppliedCv(userId: string, cv: AppliedCv): Promise<void>;
}

/**
 * A CV received with a form that was refused is kept, so the person does not send it again: the
 * file is stored and recorded in a stream of its own, and the form carries its id. Only ids
 * recorded here, unused and younger than KEPT_CV_MS, are accepted back: a forged or guessed id
 * cannot attach any other file of the storage (other people's CVs live there too), and the ids
 * are random uuids only ever sent to the browser that uploaded the file.
 */
export const keptCvStream = (id: string) => `anonymouscv-${id.toLowerCase()}`;

export interface AnonymousCvKept {
  type: "AnonymousCvKept";
  /** `keptAt`: by the domain's clock (what KEPT_CV_MS is counted from) */
  data: { fileId: string; mime: string; size: number; keptAt: string };
  /** the file name may name the person: sealed with the upload's own key */
  personal: { subjectId: string; data: { name: string } };
}
export interface AnonymousCvUsed {
  type: "AnonymousCvUsed";
  data: { fileId: string; applicationId: string };
}

export type KeptCv = { id: string; name: string };

export interface AnonymousApplyInput extends Omit<ApplyInput, "cv"> {
  email: string;
  firstName: string;
  lastName: string;
  /** the language of the page: a new account's and its mail's */
  locale: string;
  /** a new account's country (the ad's) */
  country: string | null;
  /** the kept CV's id (keepCv): every CV of this form goes through it */
  cvId: string | null;
}

export interface AnonymousDeps {
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  cv: CvCheck;
  identity: AnonymousIdentityPort;
  candidates: AnonymousCvPort;
  /** the signed-in module's submit as a given account (commands.applyAs) */
  applyAs(userId: string, input: ApplyInput): Promise<string>;
}

export function anonymousApplyCommands({ store, ctx, storage, cv, identity, candidates, applyAs }: AnonymousDeps) {
  const sql = store.sql as Db;

  /** The kept CV of this id, while it may still be used; null otherwise (unknown, used, too old). */
  async function kept(id: string | null): Promise<AppliedCv | null> {
    if (!id || !isUuid(id)) return null;
    const events = await store.readStream(keptCvStream(id));
    const first = events[0];
    if (first?.type !== "AnonymousCvKept" || events.some((e) => e.type === "AnonymousCvUsed")) return null;
    const d = first.data as AnonymousCvKept["data"] & { name: string };
    if (ctx.clock.now().getTime() - new Date(d.keptAt).getTime() > KEPT_CV_MS) return null;
    return { fileId: d.fileId, name: d.name, mime: d.mime, size: d.size };
  }

  return {
    /** Checks the CV (content, size), stores and records it; errors are on the field `cv`. */
    async keepCv(upload: { name: string; bytes: Uint8Array }): Promise<KeptCv> {
      const name = cv.cleanFileName(upload.name);
      const mime = await cv.checkDocument(name, upload.bytes);
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, upload.bytes);
      const event: AnonymousCvKept = {
        type: "AnonymousCvKept",
        data: { fileId, mime, size: upload.bytes.byteLength, keptAt: ctx.clock.now().toISOString() },
        personal: { subjectId: fileId, data: { name } },
      };
      try {
        await store.append(keptCvStream(fileId), 0, [event], { actor: "anonymous" });
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      return { id: fileId, name };
    },

    /** The kept CV a form carries back, to show its name again; null when it may not be used. */
    async keptCv(id: string | null): Promise<KeptCv | null> {
      const found = await kept(id);
      return found ? { id: found.fileId, name: found.name } : null;
    },

    /**
     * Applies by the state of the email's account. `admit` (the route's rate limit) runs first:
     * every answer tells something about an account, and an unknown email creates one.
     * Refusals: a non-candidate account (anonymous.not_candidate), ACCOUNT_DISABLED, and those
     * of applying itself (candidature_exist, announcement_not_found...).
     */
    async anonymousApply(
      input: AnonymousApplyInput,
      admit?: () => Promise<void>,
    ): Promise<{ outcome: AnonymousOutcome; applicationId: string }> {
      await admit?.();
      const account = await identity.credentialsByEmail(input.email);
      if (account && account.role !== "CANDIDATE") throw new AppError("forbidden", "anonymous.not_candidate", "email");
      if (account && !account.enabled) throw new AppError("forbidden", "anonymous.ACCOUNT_DISABLED");
      const file = await kept(input.cvId);
      if (!file) throw new AppError("invalid", "validation.required", "cvFile");
      // what would refuse the application is checked before an account is created for it
      const ad = await adForApplying(sql, input.adId);
      if (!ad || ad.status !== "online") throw new AppError("not_found", "announcement_not_found");
      if (input.answers.length !== ad.questions) throw new AppError("invalid", "validation.required");

      const userId =
        account?.id ??
        (await identity.registerPending(
          {
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: "CANDIDATE",
            locale: input.locale,
            country: input.country,
            agencyId: null,
            clientId: null,
          },
          { template: "anonymousApplyAccount", params: { title: ad.title, agency: ad.agencyName } },
        ));
      const {
        cvId: _cvId,
        email: _email,
        firstName: _first,
        lastName: _last,
        locale: _locale,
        country: _country,
        ...apply
      } = input;
      const applicationId = await applyAs(userId, { ...apply, cv: { kind: "stored", cv: file } });
      // the file is the application's now: the id cannot attach it a second time
      await store.append(
        keptCvStream(file.fileId),
        "any",
        [{ type: "AnonymousCvUsed", data: { fileId: file.fileId, applicationId } }],
        { actor: userId },
      );
      // an account made by this form has no CV but this one; an existing account's documents are
      // not the form's to change (whoever typed the email may not be its owner)
      if (!account) await candidates.keepAppliedCv(userId, file);
      const outcome: AnonymousOutcome = !account
        ? "ACCOUNT_CREATED"
        : account.verified
          ? "ACCOUNT_VERIFIED"
          : "ACCOUNT_NOT_VERIFIED";
      return { outcome, applicationId };
    },

    /**
     * ACCOUNT_NOT_VERIFIED's offer: the verification mail again. Says nothing either way (an
     * email without such an account gets no mail), so it tells no more than the form did.
     */
    async resendVerification(email: string, admit?: () => Promise<void>): Promise<void> {
      await admit?.();
      const account = await identity.credentialsByEmail(email);
      if (!account || account.role !== "CANDIDATE" || !account.enabled || account.verified) return;
      await identity.requestVerification(account.id);
    },
  };
}
