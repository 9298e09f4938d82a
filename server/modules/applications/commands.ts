import { handleCommand } from "../../event-store/command";
import { redactStream } from "../../event-store/data-keys";
import { blankClearCvNames } from "./erase";
import { refusalDue } from "./retention";
import { fold, type DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, StoredEvent, Tx } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { EnqueueIn } from "../notifications/outbox";
import type { Actor } from "../identity/contract";
import {
  BULK_MAX,
  mayApply,
  mayHandleApplications,
  STATUS,
  UNANSWERED_AFTER_MS,
  type Interest,
  type RefusalReason,
  type StatusCode,
} from "./contract";
import {
  applicationDecider,
  applicationIdFor,
  type ApplicationCommand,
  type Handler,
  type RefusalMail,
} from "./decider";
import {
  applicationFlagsStream,
  applicationStream,
  type AppliedCv,
  type ApplicationEvent,
  type UnansweredApplicationsFlagged,
} from "./events";
import { localDay } from "../../lib/clock";

/** Rows of a bulk change decided at once (the pool has room for the requests of other people). */
const BULK_CONCURRENCY = 4;

/**
 * How long a consultant's status change waits before the candidate is told (mail and notice):
 * longer than the undo window (UNDO_MS), and long enough to change one's mind.
 */
export const STATUS_MAIL_DELAY_MS = 2 * 60 * 1000;

/** What applying needs of the candidates module: the CV check (content, size) shared with registration. */
export interface CvCheck {
  checkDocument(name: string, bytes: Uint8Array): Promise<string>;
  cleanFileName(name: string): string;
}

/** Whether an agency deactivated the candidate for itself (the candidate file's, ADR 0038): its ads refuse them. */
export interface DeactivationPort {
  deactivatedBy(agencyId: string, candidateId: string): Promise<boolean>;
}

export interface ApplicationDeps {
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  enqueue?: EnqueueIn;
  cv: CvCheck;
  /** the agency's refusal template for this application, filled in (none: the standard text) */
  refusalMail?: (applicationId: string) => Promise<RefusalMail | null>;
  deactivations?: DeactivationPort;
}

/** `stored`: a file already checked and stored (an anonymous form's kept CV, see anonymous.ts). */
export type CvChoice =
  { kind: "registered" } | { kind: "upload"; name: string; bytes: Uint8Array } | { kind: "stored"; cv: AppliedCv };

export interface ApplyInput {
  adId: number;
  source: string;
  answers: boolean[];
  message: string;
  cv: CvChoice;
}

/** The ad as applying needs it (the ads' read model is the missions module's). */
export async function adForApplying(sql: Db, adId: number) {
  if (!Number.isSafeInteger(adId)) return null;
  const [ad] = await sql<
    {
      id: number;
      agencyId: string;
      status: string;
      questions: number;
      title: string;
      agencyName: string;
      branchId: string | null;
      clientId: string | null;
      consultantId: string;
    }[]
  >`
    select a.id::int as id, a.agency_id as "agencyId", a.status, jsonb_array_length(coalesce(a.fields->'questions', '[]'::jsonb))::int as questions,
      a.title, ag.name as "agencyName", a.branch_id as "branchId", a.client_id as "clientId", coalesce(a.contact_id, a.created_by) as "consultantId"
    from rm_ads a join rm_agencies ag on ag.id = a.agency_id where a.id = ${adId}`;
  return ad ?? null;
}

export function applicationCommands({
  store,
  ctx,
  storage,
  enqueue,
  cv,
  refusalMail = async () => null,
  deactivations,
}: ApplicationDeps) {
  const sql = store.sql as Db;

  /**
   * The application's candidate is the record that holds it now (ADR 0039): a merge moves it to the
   * survivor (and its undo back) in the read model, while its stream keeps the id it was written with.
   * Its candidate acts on it, and its events name them (rooms, notices, the library's index).
   */
  const heldBy = (holder: string): typeof applicationDecider => ({
    ...applicationDecider,
    decide: (command, state, context) =>
      applicationDecider.decide(command, state.exists ? { ...state, userId: holder } : state, context),
  });

  async function run(
    id: string,
    command: ApplicationCommand,
    actor: string,
    inTransaction?: (tx: Tx, events: StoredEvent[]) => Promise<void>,
  ) {
    if (!isUuid(id)) throw new AppError("not_found", "application_not_found");
    const [row] = await sql<
      { agencyId: string; holder: string }[]
    >`select agency_id as "agencyId", candidate_id as "holder" from rm_applications where id = ${id}`;
    return handleCommand(
      store,
      row ? heldBy(row.holder) : applicationDecider,
      applicationStream(id),
      command,
      ctx,
      { actor, ...(row ? { tenant: row.agencyId } : {}) },
      { inTransaction },
    );
  }

  const handler = (actor: Actor): Handler => {
    if (!mayHandleApplications(actor)) throw new AppError("forbidden", "not_authorized");
    return { agencyId: actor.role === "PLATFORM_ADMIN" ? null : actor.agencyId };
  };

  /** A consultant's change is told after STATUS_MAIL_DELAY_MS, if a later change (or the undo) left it true. */
  const afterStatusChange = async (tx: Tx, events: StoredEvent[]) => {
    for (const e of events) {
      if (e.type !== "ApplicationStatusChanged" || !(e.data as { toldLater?: boolean }).toldLater) continue;
      const applicationId = (e.data as { applicationId: string }).applicationId;
      await enqueue?.(
        tx,
        "applications.notify-status",
        { applicationId, version: e.streamVersion },
        { startAfter: new Date(ctx.clock.now().getTime() + STATUS_MAIL_DELAY_MS) },
      );
    }
  };

  async function storeCv(userId: string, choice: CvChoice): Promise<AppliedCv | null> {
    if (choice.kind === "stored") return choice.cv;
    if (choice.kind === "upload") {
      const mime = await cv.checkDocument(choice.name, choice.bytes);
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, choice.bytes);
      return { fileId, name: cv.cleanFileName(choice.name), mime, size: choice.bytes.byteLength };
    }
    // the CV given at registration (the latest one)
    const [doc] = await sql<
      AppliedCv[]
    >`select coalesce(file_id, id) as "fileId", name, mime, size from rm_candidate_documents
      where user_id = ${userId} and category = 'cv' order by created_at desc limit 1`;
    return doc ?? null;
  }

  /** Applies for the ad as `userId` (a signed-in candidate, or the account the anonymous form found or created). */
  async function submit(userId: string, input: ApplyInput, channel: "signed_in" | "anonymous"): Promise<string> {
    const ad = await adForApplying(sql, input.adId);
    const [account] = await sql<
      { enabled: boolean; role: string }[]
    >`select enabled, role from rm_users where id = ${userId}`;
    const deactivated = ad ? Boolean(await deactivations?.deactivatedBy(ad.agencyId, userId)) : false;
    const applicationId = await applicationIdFor(input.adId, userId);
    const command = (appliedCv: AppliedCv | null): ApplicationCommand => ({
      type: "Submit",
      applicationId,
      userId,
      // a candidate the ad's agency deactivated (for itself) is refused like a disabled account, by that agency only
      candidateEnabled: Boolean(account?.enabled && account.role === "CANDIDATE") && !deactivated,
      ad: ad ? { ...ad, online: ad.status === "online" } : null,
      source: input.source,
      answers: input.answers,
      cv: appliedCv,
      message: input.message,
      channel,
    });
    // refusals that need no file are decided before the upload is stored
    applicationDecider.decide(command(null), await currentState(applicationId), ctx);
    const appliedCv = await storeCv(userId, input.cv);
    await handleCommand(
      store,
      applicationDecider,
      applicationStream(applicationId),
      command(appliedCv),
      ctx,
      { actor: userId, tenant: ad!.agencyId },
      {
        async inTransaction(tx, stored) {
          const submitted = stored.find((e) => e.type === "ApplicationSubmitted");
          const due = (submitted?.data as { autoReplyDueAt?: string | null } | undefined)?.autoReplyDueAt;
          if (due)
            await enqueue?.(
              tx,
              "applications.auto-reply",
              { applicationId },
              { singletonKey: `auto-reply-${applicationId}-${submitted!.streamVersion}`, startAfter: new Date(due) },
            );
        },
      },
    );
    return applicationId;
  }

  const currentState = async (applicationId: string) =>
    fold(applicationDecider, await store.readStream<ApplicationEvent>(applicationStream(applicationId)));

  return {
    /** A signed-in candidate applies (spec: POST /api/mission/{missionId}/apply). */
    async apply(actor: Actor, input: ApplyInput): Promise<string> {
      if (!mayApply(actor)) throw new AppError("forbidden", "not_authorized");
      // a stored file is the anonymous form's, checked against its kept record there
      if (input.cv.kind === "stored") throw new AppError("invalid", "failed_operation");
      return submit(actor.id, input, "signed_in");
    },
    /** The anonymous form, once the account of the email is known (see anonymousApply). */
    applyAs: (userId: string, input: ApplyInput) => submit(userId, input, "anonymous"),

    async changeStatus(
      actor: Actor,
      applicationId: string,
      input: { to: StatusCode; reason?: RefusalReason | null; version?: number },
    ) {
      await run(
        applicationId,
        {
          type: "ChangeStatus",
          by: handler(actor),
          to: input.to,
          reason: input.reason ?? null,
          expectedVersion: input.version,
        },
        actor.id,
        afterStatusChange,
      );
    },

    /**
     * Up to BULK_MAX applications to one status: each is decided on its own and the result says
     * per row what was refused and why. The batch id lets the consultant undo it for UNDO_MS.
     */
    async bulkChangeStatus(actor: Actor, ids: string[], input: { to: StatusCode; reason?: RefusalReason | null }) {
      const by = handler(actor);
      const unique = [...new Set(ids)];
      if (unique.length === 0) throw new AppError("invalid", "bulk_none_selected");
      if (unique.length > BULK_MAX) throw new AppError("invalid", "bulk_too_many");
      const batchId = ctx.ids.uuid();
      const results: { id: string; ok: boolean; error: string | null }[] = new Array(unique.length);
      // a few rows at a time: each is its own short transaction on its own stream
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < unique.length; i = next++) {
          const id = unique[i]!;
          try {
            const events = await run(
              id,
              { type: "ChangeStatus", by, to: input.to, reason: input.reason ?? null, batchId },
              actor.id,
              afterStatusChange,
            );
            results[i] = { id, ok: events.length > 0, error: events.length ? null : "bulk_unchanged" };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            results[i] = { id, ok: false, error: error.key };
          }
        }
      };
      await Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker));
      return { batchId, results };
    },

    /** Reverses the rows of a bulk change that are still as it left them. */
    async undoBulk(actor: Actor, batchId: string, ids: string[]) {
      const by = handler(actor);
      if (!isUuid(batchId)) throw new AppError("invalid", "failed_operation");
      let undone = 0;
      for (const id of [...new Set(ids)].slice(0, BULK_MAX)) {
        const events = await run(id, { type: "UndoBatch", by, batchId }, actor.id, afterStatusChange);
        undone += events.length;
      }
      return { undone };
    },

    async changeInterest(actor: Actor, applicationId: string, interest: Interest | null, version?: number) {
      await run(
        applicationId,
        { type: "ChangeInterest", by: handler(actor), interest, expectedVersion: version },
        actor.id,
      );
    },

    async addNote(actor: Actor, applicationId: string, note: string) {
      await run(applicationId, { type: "AddNote", by: handler(actor), noteId: ctx.ids.uuid(), note }, actor.id);
    },

    /** Records a mail written to the candidate (the mail itself is queued in the same transaction). */
    async recordMail(
      actor: Actor,
      applicationId: string,
      mail: { purpose: string; subject: string; body: string },
      queue: (tx: Tx) => Promise<string>,
    ) {
      let mailId = "";
      await run(
        applicationId,
        { type: "RecordMail", by: handler(actor), mailId: ctx.ids.uuid(), ...mail },
        actor.id,
        async (tx) => {
          mailId = await queue(tx);
        },
      );
      return mailId;
    },

    async withdraw(actor: Actor, applicationId: string) {
      if (!mayApply(actor)) throw new AppError("forbidden", "not_authorized");
      await run(applicationId, { type: "Withdraw", userId: actor.id }, actor.id);
    },

    async hideFromDashboard(actor: Actor, applicationId: string) {
      if (!mayApply(actor)) throw new AppError("forbidden", "not_authorized");
      await run(applicationId, { type: "HideFromDashboard", userId: actor.id }, actor.id);
    },

    /** The 48-hour job (and the sweep): idempotent, a no-op once a consultant acted. */
    async autoReply(applicationId: string) {
      return (
        (await run(applicationId, { type: "AutoReply", mail: await refusalMail(applicationId) }, "system")).length > 0
      );
    },

    /** Every automatic reply due by now (a safety net for lost jobs, and what tests run with their clock). */
    async sweepAutoReplies() {
      const due = await sql<{ id: string }[]>`select id from rm_applications
        where auto_reply_due_at <= ${ctx.clock.now()} and status = ${STATUS.pending} and answered_at is null and withdrawn_at is null
        order by auto_reply_due_at limit 500`;
      let sent = 0;
      for (const { id } of due) if (await this.autoReply(id)) sent++;
      return sent;
    },

    /** Once a day: each consultant hears how many of their applications wait for an answer for more than three days. */
    async flagUnanswered() {
      const now = ctx.clock.now();
      const day = localDay(now);
      const rows = await sql<
        { consultantId: string; count: number }[]
      >`select consultant_id as "consultantId", count(*)::int as count from rm_applications
        where status = ${STATUS.pending} and answered_at is null and withdrawn_at is null and consultant_id is not null
          and created_at < ${new Date(now.getTime() - UNANSWERED_AFTER_MS)}
        group by consultant_id`;
      let flagged = 0;
      for (const { consultantId, count } of rows) {
        const stream = applicationFlagsStream(consultantId);
        const last = (await store.readStream<UnansweredApplicationsFlagged>(stream)).at(-1);
        if (last?.data.day === day) continue;
        await store.append(
          stream,
          last?.streamVersion ?? 0,
          [{ type: "UnansweredApplicationsFlagged", data: { userId: consultantId, day, count } }],
          { actor: "system" },
        );
        flagged++;
      }
      return flagged;
    },

    /** The window after the status change at `version` passed: tells the candidate if it is still true (a job). */
    async notifyStatus(applicationId: string, version: number) {
      // the refusal template is read before deciding (the decider stays pure); unused for another status, nothing more
      return (
        (await run(applicationId, { type: "NotifyStatus", version, mail: await refusalMail(applicationId) }, "system"))
          .length > 0
      );
    },

    /** A proposal for the ad accepted: the candidate's application (if any) goes on mission. */
    async placeApplication(adId: number, userId: string, actor: string) {
      const id = await applicationIdFor(adId, userId);
      const [row] = await sql`select 1 from rm_applications where id = ${id}`;
      if (row) await run(id, { type: "Place" }, actor);
    },

    /**
     * The retention job's rule "refused-applications" (ADR 0048): refusals whose last change is at
     * or before `refusedBefore`, of candidates who did not agree to stay in the talent pool, lose
     * their words: `ApplicationAnonymised`, and in the same transaction the sealed part of every
     * event of the application goes (nothing to decrypt any more, whoever holds the key); its CV
     * file after the commit, unless it is also one of the candidate's documents or another
     * application's. Returns how many were anonymised.
     */
    async anonymiseRefusedApplications(refusedBefore: Date): Promise<number> {
      const due = await sql<{ id: string; cvFileId: string | null }[]>`
        select a.id, a.cv_file_id as "cvFileId" from rm_applications a
        left join rm_profiles p on p.user_id = a.candidate_id
        where ${refusalDue(sql, refusedBefore)} order by a.updated_at limit 500`;
      for (const { id, cvFileId } of due) {
        await run(id, { type: "Anonymise" }, "system", async (tx) => {
          await redactStream(tx, applicationStream(id));
          await blankClearCvNames(tx, tx`stream_id = ${applicationStream(id)}`);
        });
        if (!cvFileId) continue;
        const [kept] = await sql`
          select 1 from rm_candidate_documents where coalesce(file_id, id) = ${cvFileId}
          union all select 1 from rm_applications where cv_file_id = ${cvFileId}`;
        if (!kept) await storage.remove(cvFileId);
      }
      return due.length;
    },
  };
}
