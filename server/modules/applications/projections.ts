import type { Projection, Tx } from "../../event-store/types";
import { wordsGone } from "./erase";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { APPLICATION_EVENT_TYPES, type ApplicationEvent } from "./events";

/** rm_applications: inline, so the lists read their own writes. */
export const applicationsProjection: Projection<ApplicationEvent> = {
  name: "applications",
  eventTypes: [...APPLICATION_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_applications"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed applications, its undo moves them back (ADR 0039)
      if (move) {
        await tx`update rm_applications set candidate_id = ${move.to} where id = any(${move.moved.applications}::uuid[])`;
        continue;
      }
      const at = e.createdAt;
      const id = e.data.applicationId;
      const version = e.streamVersion;
      switch (e.type) {
        case "ApplicationSubmitted": {
          const d = e.data;
          const row = {
            id,
            ad_id: d.adId,
            agency_id: d.agencyId,
            ad_title: d.adTitle,
            agency_name: d.agencyName,
            branch_id: d.branchId,
            client_id: d.adClientId,
            consultant_id: d.consultantId,
            candidate_id: d.userId,
            source: d.source,
            channel: d.channel,
            status: 3,
            interest: null,
            answers: tx.json(d.answers),
            message: e.erased ? null : d.message || null,
            cv_file_id: d.cv?.fileId ?? null,
            cv_name: d.cv ? (e.erased ? null : d.cvName || d.cv.name) : null,
            cv_mime: d.cv?.mime ?? null,
            cv_size: d.cv?.size ?? null,
            auto_reply_due_at: d.autoReplyDueAt ? new Date(d.autoReplyDueAt) : null,
            answered_at: null,
            withdrawn_at: null,
            hidden_by_candidate: false,
            version,
            created_at: at,
            updated_at: at,
          };
          // applying again after withdrawing starts the same row over
          await tx`insert into rm_applications ${tx(row)} on conflict (id) do update set ${tx(row)}`;
          break;
        }
        case "ApplicationStatusChanged":
          await tx`update rm_applications set status = ${e.data.to}, version = ${version}, updated_at = ${at},
            answered_at = case when ${e.data.by === "consultant"} then coalesce(answered_at, ${at}) else answered_at end
            where id = ${id}`;
          break;
        case "ApplicationInterestChanged":
          await tx`update rm_applications set interest = ${e.data.interest}, version = ${version}, updated_at = ${at}, answered_at = coalesce(answered_at, ${at}) where id = ${id}`;
          break;
        case "ApplicationNoteAdded":
        case "ApplicationMailSent":
          await tx`update rm_applications set version = ${version}, updated_at = ${at}, answered_at = coalesce(answered_at, ${at}) where id = ${id}`;
          break;
        case "ApplicationWithdrawn":
          await tx`update rm_applications set withdrawn_at = ${at}, version = ${version}, updated_at = ${at} where id = ${id}`;
          break;
        case "ApplicationHiddenFromDashboard":
          await tx`update rm_applications set hidden_by_candidate = true, version = ${version} where id = ${id}`;
          break;
        case "ApplicationRefusalNotified":
        case "ApplicationStatusNotified":
          await tx`update rm_applications set version = ${version} where id = ${id}`;
          break;
        case "ApplicationAnonymised":
          // the row stays for counts; the candidate's words, answers and CV go (its file after the commit)
          await tx`update rm_applications set ${wordsGone(tx)}, anonymised_at = ${at}, version = ${version} where id = ${id}`;
          break;
      }
    }
  },
};
