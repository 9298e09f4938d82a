import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, EventMetadata } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { hashToken } from "../../lib/tokens";
import type { Actor } from "../identity/contract";
import { queueMail, type EnqueueIn } from "../notifications";
import { presentationOfToken, staffAgency, visiblePresentation } from "./access";
import type { PresentationCandidatePort } from "./data";
import { presentationDecider, type BuildMember, type PresentationCommand } from "./decider";
import { presentationStream } from "./events";
import type { AnswerInput, BuildDossierInput } from "./rules";

/** The client link's address: its last segment is the token, scrubbed from logs (server/lib/log-scrub.ts). */
export const clientLinkPath = (token: string) => `/presentations/lien/${token}`;

export function presentationCommands({
  sql,
  store,
  ctx,
  access,
  enqueue,
  publicUrl,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  access: PresentationCandidatePort;
  enqueue?: EnqueueIn;
  publicUrl: string;
}) {
  const run = (id: string, command: PresentationCommand, metadata: EventMetadata) =>
    handleCommand(store, presentationDecider(id), presentationStream(id), command, ctx, metadata);
  /** Runs a command on a dossier of the actor's agency (else not found). */
  const onDossier = async (actor: Actor, id: string, command: PresentationCommand) => {
    const row = await visiblePresentation(sql, actor, id);
    if (!row) throw new AppError("not_found", "errors.notFound");
    await run(id, command, { actor: actor.id, tenant: row.agencyId });
    return row;
  };
  /** The client's token: its dossier, or the page's refusal (tampered, revoked: not found; expired: gone). */
  const byToken = async (token: string) => {
    const link = await presentationOfToken(sql, token, ctx.clock.now());
    if (link.state === "valid") return link;
    throw link.state === "expired" ? new AppError("gone", "link.expired") : new AppError("not_found", "link.invalid");
  };

  return {
    /**
     * Builds a dossier for one of the agency's client companies: every candidate must be one the
     * agency may see (the access rule) and every chosen document one of theirs it may see; one
     * refused id refuses the whole request, telling nothing of who it was.
     */
    async buildPresentation(actor: Actor, input: BuildDossierInput): Promise<string> {
      const agencyId = staffAgency(actor);
      if (!agencyId) throw new AppError("not_found", "errors.notFound");
      const [company] =
        await sql`select 1 from rm_client_companies where id = ${input.clientId} and agency_id = ${agencyId}`;
      if (!company) throw new AppError("not_found", "errors.clientNotFound", "clientId");
      const members: BuildMember[] = [];
      for (const c of input.candidates.filter((x) => x.include)) {
        if (!(await access.openCandidateProfile(actor, c.candidateId)))
          throw new AppError("not_found", "errors.candidateNotFound", "candidates");
        let documents: BuildMember["documents"] = [];
        if (c.documentIds.length) {
          const seen = new Map(
            ((await access.openCandidateDocuments(actor, c.candidateId)) ?? []).map((d) => [d.id, d.category]),
          );
          if (c.documentIds.some((d) => !seen.has(d)))
            throw new AppError("not_found", "errors.documentNotFound", "candidates");
          documents = c.documentIds.map((id) => ({ id, category: seen.get(id)! }));
        }
        members.push({ candidateId: c.candidateId, sections: c.sections, documents, comment: c.comment });
      }
      const id = ctx.ids.uuid();
      await run(
        id,
        {
          type: "Build",
          agencyId,
          ownerId: actor.id,
          companyId: input.clientId,
          title: input.title,
          language: input.language,
          anonymised: input.anonymised,
          alias: input.alias,
          showEmployers: input.showEmployers,
          members,
        },
        { actor: actor.id, tenant: agencyId },
      );
      return id;
    },

    /** A new client link (the older one stops working); the token is shown once, only its hash is kept. */
    async issuePresentationLink(actor: Actor, id: string): Promise<string> {
      const token = randomToken();
      await onDossier(actor, id, { type: "IssueLink", by: actor.id, tokenHash: hashToken(token) });
      return `${publicUrl}${clientLinkPath(token)}`;
    },

    async revokePresentationLink(actor: Actor, id: string) {
      await onDossier(actor, id, { type: "RevokeLink", by: actor.id });
    },

    /**
     * Mails the dossier to one of the client company's enabled users, in the dossier's language,
     * with a new link: the mail is queued in the command's transaction (the raw token exists only there).
     */
    async sendPresentation(actor: Actor, id: string, recipientId: string) {
      const row = await visiblePresentation(sql, actor, id);
      if (!row) throw new AppError("not_found", "errors.notFound");
      const [recipient] = await sql<{ email: string; firstName: string }[]>`
        select email, first_name as "firstName" from rm_users
        where id = ${recipientId} and client_id = ${row.companyId} and enabled`;
      if (!recipient) throw new AppError("not_found", "errors.recipientNotFound", "recipientId");
      const token = randomToken();
      await handleCommand(
        store,
        presentationDecider(id),
        presentationStream(id),
        { type: "Send", by: actor.id, recipientId, tokenHash: hashToken(token) },
        ctx,
        { actor: actor.id, tenant: row.agencyId },
        {
          inTransaction: async (tx) => {
            await queueMail(
              tx,
              {
                to: recipient.email,
                locale: row.language,
                template: "presentationSent",
                params: {
                  name: recipient.firstName,
                  agency: row.agencyName,
                  title: row.title,
                  link: `${publicUrl}${clientLinkPath(token)}`,
                },
              },
              enqueue,
            );
          },
        },
      );
    },

    async recordPresentationPdf(actor: Actor, id: string) {
      await onDossier(actor, id, { type: "DownloadPdf", by: actor.id });
    },

    /** The client opened the link's page (at most one record an hour). */
    async openPresentationLink(token: string) {
      const link = await byToken(token);
      await run(
        link.presentation.id,
        { type: "Open", tokenHash: link.tokenHash },
        { actor: "client", tenant: link.presentation.agencyId },
      );
    },

    /** The client's answer about candidate number `n` (changeable until the link expires). */
    async answerPresentation(token: string, input: AnswerInput) {
      const link = await byToken(token);
      await run(
        link.presentation.id,
        {
          type: "Answer",
          tokenHash: link.tokenHash,
          position: input.n - 1,
          answer: input.answer,
          comment: input.comment,
        },
        { actor: "client", tenant: link.presentation.agencyId },
      );
    },
  };
}
