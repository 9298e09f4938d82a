import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { archiveSchema, addTagSchema } from "./forms";
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
