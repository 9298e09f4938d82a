import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Favourite folders of candidates (issue 29): private to their owner or shared with the agency. */
export const rmFolders = pgTable(
  "rm_folders",
  {
    id: uuid("id").primaryKey(),
    agencyId: uuid("agency_id").notNull(),
    ownerId: uuid("owner_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** private (the owner only) or agency (every staff member of the agency) */
    visibility: text("visibility").notNull(),
    /** deleted, restorable by its owner for FOLDER_RESTORE_DAYS */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_folders_agency").on(t.agencyId, t.visibility), index("rm_folders_owner").on(t.ownerId)],
);

/** The candidates of a folder, in the folder's order, with who added them and when. */
export const rmFolderMembers = pgTable(
  "rm_folder_members",
  {
    folderId: uuid("folder_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    agencyId: uuid("agency_id").notNull(),
    position: integer("position").notNull(),
    addedBy: uuid("added_by").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull(),
    /** a merge moved this row from that record to the survivor; its undo moves it back (ADR 0039) */
    mergedFrom: uuid("merged_from"),
    /** who added the survivor on its own while merged, and when: the undo keeps it in the folder beside the record */
    keptBy: uuid("kept_by"),
    keptAt: timestamp("kept_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.candidateId] }),
    index("rm_folder_members_candidate").on(t.agencyId, t.candidateId),
  ],
);
