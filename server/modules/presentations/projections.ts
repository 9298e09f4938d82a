import type { Projection, Tx } from "../../event-store/types";
import { PRESENTATION_EVENT_TYPES, type PresentationEvent } from "./events";

/** rm_presentations, rm_presentation_members and rm_presentation_history: inline, so the dossier's page reads its own writes. */
export const presentationProjection: Projection<PresentationEvent> = {
  name: "presentations",
  eventTypes: PRESENTATION_EVENT_TYPES,
  tables: ["rm_presentations", "rm_presentation_members", "rm_presentation_history"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const { presentationId: id, agencyId } = e.data;
      const at = e.createdAt;
      const history = async (kind: string, actorId: string | null, detail: Record<string, unknown> = {}) => {
        await tx`insert into rm_presentation_history ${tx({
          position: e.streamVersion,
          presentation_id: id,
          agency_id: agencyId,
          kind,
          actor_id: actorId,
          detail: tx.json(detail as never),
          at,
        })} on conflict do nothing`;
      };
      if (e.type === "PresentationBuilt") {
        const d = e.data;
        await tx`insert into rm_presentations ${tx({
          id,
          agency_id: agencyId,
          owner_id: d.ownerId,
          company_id: d.companyId,
          title: d.title,
          language: d.language,
          anonymised: d.anonymised,
          alias: d.alias,
          show_employers: d.showEmployers,
          status: "built",
          version: e.streamVersion,
          created_at: at,
          updated_at: at,
        })} on conflict (id) do nothing`;
        await history("built", d.ownerId, { count: d.memberIds.length });
        continue;
      }
      await tx`update rm_presentations set version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
      switch (e.type) {
        case "PresentationMemberAdded":
          await tx`insert into rm_presentation_members ${tx({
            presentation_id: id,
            candidate_id: e.data.memberId,
            agency_id: agencyId,
            position: e.data.position,
            sections: tx.json(e.data.sections as never),
            documents: tx.json(e.data.documents as never),
            comment: e.data.comment ?? "",
          })} on conflict do nothing`;
          break;
        case "PresentationLinkIssued":
          await tx`update rm_presentations set token_hash = ${e.data.tokenHash}, link_expires_at = ${new Date(e.data.expiresAt)} where id = ${id}`;
          await history("link_issued", e.metadata.actor ?? null, { expiresAt: e.data.expiresAt });
          break;
        case "PresentationLinkRevoked":
          await tx`update rm_presentations set token_hash = null, link_expires_at = null where id = ${id}`;
          await history("link_revoked", e.data.by);
          break;
        case "PresentationSent":
          await tx`update rm_presentations set status = case when status = 'built' then 'sent' else status end where id = ${id}`;
          await history("sent", e.data.by, { recipientId: e.data.recipientId });
          break;
        case "PresentationPdfDownloaded":
          await history("pdf", e.data.by);
          break;
        case "PresentationOpened":
          await tx`update rm_presentations set first_opened_at = coalesce(first_opened_at, ${at}), last_opened_at = ${at} where id = ${id}`;
          await history("opened", null);
          break;
        case "PresentationAnswered":
          await tx`update rm_presentations set status = 'answered' where id = ${id}`;
          await tx`update rm_presentation_members set answer = ${e.data.answer}, answer_comment = ${e.data.comment ?? ""}, answered_at = ${at}
            where presentation_id = ${id} and candidate_id = ${e.data.candidateId}`;
          await history("answered", null, { n: e.data.position + 1, answer: e.data.answer });
          break;
      }
    }
  },
};
