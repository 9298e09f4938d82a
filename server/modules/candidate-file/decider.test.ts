import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import {
  archiveSchema,
  addTagSchema,
  bulkSelectionSchema,
  deactivateSchema,
  reactivateSchema,
  selectedIds,
} from "./forms";
import { candidateFileDecider } from "./decider";
import type { CandidateFileEvent } from "./events";
import { TAGS_PER_FILE } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const d = candidateFileDecider("ag-1", "cand-1");
const ids = { agencyId: "ag-1", candidateId: "cand-1" };
const tagged = (tag: string): CandidateFileEvent => ({
  type: "CandidateTagAdded",
  data: { ...ids, tag, colour: "blue" },
});
const commented = (commentId: string, authorId: string): CandidateFileEvent => ({
  type: "CandidateCommentAdded",
  data: { ...ids, commentId, authorId },
  personal: { subjectId: "cand-1", data: { body: "Appelé" } },
});

describe("candidate file: tags", () => {
  it("adds a tag once, whatever its case", () => {
    expect(given(d, []).when({ type: "AddTag", tag: "CACES 3", colour: "red" }, ctx).then()).toEqual([
      { type: "CandidateTagAdded", data: { ...ids, tag: "CACES 3", colour: "red" } },
    ]);
    expect(
      given(d, [tagged("CACES 3")])
        .when({ type: "AddTag", tag: "caces 3", colour: "red" }, ctx)
        .thenError(),
    ).toBe("errors.tagExists");
  });

  it("refuses more than the limit, removes by any case, refuses removing a tag it does not have", () => {
    const full = Array.from({ length: TAGS_PER_FILE }, (_, i) => tagged(`t${i}`));
    expect(given(d, full).when({ type: "AddTag", tag: "one more", colour: "red" }, ctx).thenError()).toBe(
      "errors.tooManyTags",
    );
    expect(
      given(d, [tagged("Nuit")])
        .when({ type: "RemoveTag", tag: "NUIT" }, ctx)
        .then(),
    ).toEqual([{ type: "CandidateTagRemoved", data: { ...ids, tag: "Nuit" } }]);
    expect(
      given(d, [tagged("Nuit")])
        .when({ type: "RemoveTag", tag: "Jour" }, ctx)
        .thenError(),
    ).toBe("errors.tagNotFound");
  });

  it("the form cleans the tag and refuses an empty one", () => {
    expect(addTagSchema.parse({ tag: "  Cariste   CACES ", colour: "teal" })).toEqual({
      tag: "Cariste CACES",
      colour: "teal",
    });
    expect(addTagSchema.safeParse({ tag: "   " }).error?.issues[0]?.message).toBe("errors.tagRequired");
  });
});

describe("candidate file: comments", () => {
  it("only the author edits or deletes a comment", () => {
    const past = [commented("c1", "alice")];
    expect(given(d, past).when({ type: "EditComment", commentId: "c1", by: "bob", body: "x" }, ctx).thenError()).toBe(
      "errors.notAuthor",
    );
    expect(given(d, past).when({ type: "DeleteComment", commentId: "c1", by: "bob" }, ctx).thenError()).toBe(
      "errors.notAuthor",
    );
    expect(
      given(d, past).when({ type: "EditComment", commentId: "c1", by: "alice", body: "Rappeler" }, ctx).then(),
    ).toEqual([
      {
        type: "CandidateCommentEdited",
        data: { ...ids, commentId: "c1" },
        personal: { subjectId: "cand-1", data: { body: "Rappeler" } },
      },
    ]);
  });

  it("a deleted comment can be neither edited nor deleted again", () => {
    const past: CandidateFileEvent[] = [
      commented("c1", "alice"),
      { type: "CandidateCommentDeleted", data: { ...ids, commentId: "c1" } },
    ];
    expect(given(d, past).when({ type: "DeleteComment", commentId: "c1", by: "alice" }, ctx).thenError()).toBe(
      "errors.commentNotFound",
    );
  });
});

describe("candidate file: archive", () => {
  it("archives with a reason, refuses twice, restores only what is archived", () => {
    const archived = given(d, []).when({ type: "Archive", reason: "unreachable", text: "" }, ctx).then();
    expect(archived).toEqual([
      {
        type: "CandidateArchived",
        data: { ...ids, reason: "unreachable" },
        personal: { subjectId: "cand-1", data: { text: "" } },
      },
    ]);
    expect(given(d, archived).when({ type: "Archive", reason: "other", text: "x" }, ctx).thenError()).toBe(
      "errors.alreadyArchived",
    );
    expect(given(d, archived).when({ type: "Restore" }, ctx).then()).toEqual([
      { type: "CandidateRestored", data: ids },
    ]);
    expect(given(d, []).when({ type: "Restore" }, ctx).thenError()).toBe("errors.notArchived");
  });

  it("the reason 'other' needs its text", () => {
    const r = archiveSchema.safeParse({ reason: "other", text: "" });
    expect(r.error?.issues[0]).toMatchObject({ path: ["text"], message: "errors.textRequired" });
    expect(archiveSchema.safeParse({ reason: "placed_elsewhere" }).success).toBe(true);
  });
});

describe("candidate file: deactivation for this agency (ADR 0038)", () => {
  it("deactivates with a reason, refuses twice, reactivates only what is deactivated (with a reason too)", () => {
    const off = given(d, []).when({ type: "Deactivate", reason: "no_show", text: "" }, ctx).then();
    expect(off).toEqual([
      {
        type: "CandidateDeactivated",
        data: { ...ids, reason: "no_show" },
        personal: { subjectId: "cand-1", data: { text: "" } },
      },
    ]);
    expect(given(d, off).when({ type: "Deactivate", reason: "other", text: "x" }, ctx).thenError()).toBe(
      "errors.alreadyDeactivated",
    );
    expect(given(d, off).when({ type: "Reactivate", reason: "resolved", text: "" }, ctx).then()).toEqual([
      {
        type: "CandidateReactivated",
        data: { ...ids, reason: "resolved" },
        personal: { subjectId: "cand-1", data: { text: "" } },
      },
    ]);
    expect(given(d, []).when({ type: "Reactivate", reason: "resolved", text: "" }, ctx).thenError()).toBe(
      "errors.notDeactivated",
    );
  });

  it("the forms need a reason each way, and its text for 'other'", () => {
    expect(deactivateSchema.safeParse({}).error?.issues[0]?.message).toBe("errors.reasonRequired");
    expect(deactivateSchema.safeParse({ reason: "other", text: " " }).error?.issues[0]).toMatchObject({
      path: ["text"],
      message: "errors.textRequired",
    });
    expect(reactivateSchema.safeParse({ reason: "no_show" }).success).toBe(false);
    expect(reactivateSchema.safeParse({ reason: "error" }).success).toBe(true);
  });

  it("records a mail sent from the file, sealed, but none to a candidate this agency deactivated", () => {
    const mail = {
      type: "RecordMail",
      mailId: "m1",
      templateId: "t1",
      purpose: "interview",
      subject: "S",
      body: "B",
    } as const;
    expect(given(d, []).when(mail, ctx).then()).toEqual([
      {
        type: "CandidateMailSent",
        data: { ...ids, mailId: "m1", templateId: "t1", purpose: "interview" },
        personal: { subjectId: "cand-1", data: { subject: "S", body: "B" } },
      },
    ]);
    const off = given(d, []).when({ type: "Deactivate", reason: "behaviour", text: "" }, ctx).then();
    expect(given(d, off).when(mail, ctx).thenError()).toBe("errors.deactivatedNoMail");
  });
});

describe("library selection", () => {
  it("'select all on this page' takes the page's ids, else the ticked ones; the schema dedupes and bounds them", () => {
    const form = new URLSearchParams("pageId=a&pageId=b&id=a");
    expect(selectedIds(form)).toEqual(["a"]);
    form.set("all", "1");
    expect(selectedIds(form)).toEqual(["a", "b"]);
    const id = "00000000-0000-4000-8000-000000000001";
    expect(bulkSelectionSchema.parse({ id: [id, id] }).id).toEqual([id]);
    expect(bulkSelectionSchema.safeParse({ id: [] }).error?.issues[0]?.message).toBe("errors.selectionEmpty");
    expect(bulkSelectionSchema.safeParse({ id: ["x"] }).error?.issues[0]?.message).toBe("errors.selection");
  });
});
