import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { folderDecider } from "./decider";
import type { FolderEvent } from "./events";
import { folderCsv } from "./csv";
import { addCandidatesSchema } from "./forms";
import { canManageFolder, canSeeFolder, FOLDER_MAX_CANDIDATES, moveTo } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const d = folderDecider("f-1");
const ids = { folderId: "f-1", agencyId: "ag-1", ownerId: "owner", visibility: "agency" as const };
const created: FolderEvent = { type: "FolderCreated", data: { ...ids, name: "Caristes", description: "" } };
const added = (...memberIds: string[]): FolderEvent => ({
  type: "FolderCandidatesAdded",
  data: { ...ids, memberIds, addedBy: "owner" },
});
const deleted = (at: string): FolderEvent => ({ type: "FolderDeleted", data: { ...ids, deletedAt: at } });

describe("favourite folders: creating and managing", () => {
  it("creates a folder once", () => {
    const create = {
      type: "Create",
      agencyId: "ag-1",
      ownerId: "owner",
      name: "Caristes",
      description: "",
      visibility: "agency",
    } as const;
    expect(given(d, []).when(create, ctx).then()).toEqual([created]);
    expect(given(d, [created]).when(create, ctx).thenError()).toBe("errors.folderExists");
  });

  it("lets only the owner rename, share and delete; a colleague is refused", () => {
    const edit = (by: string) => ({ type: "Edit", by, name: "Grutiers", description: "Lausanne" }) as const;
    expect(given(d, [created]).when(edit("owner"), ctx).then()).toEqual([
      { type: "FolderEdited", data: { ...ids, name: "Grutiers", description: "Lausanne" } },
    ]);
    expect(given(d, [created]).when(edit("colleague"), ctx).thenError()).toBe("errors.ownerOnly");
    expect(
      given(d, [created]).when({ type: "SetVisibility", by: "colleague", visibility: "private" }, ctx).thenError(),
    ).toBe("errors.ownerOnly");
    expect(given(d, [created]).when({ type: "Delete", by: "colleague" }, ctx).thenError()).toBe("errors.ownerOnly");
  });

  it("makes a shared folder private, the event carrying its new visibility; the same visibility is refused", () => {
    expect(given(d, [created]).when({ type: "SetVisibility", by: "owner", visibility: "private" }, ctx).then()).toEqual(
      [{ type: "FolderVisibilityChanged", data: { ...ids, visibility: "private" } }],
    );
    expect(
      given(d, [created]).when({ type: "SetVisibility", by: "owner", visibility: "agency" }, ctx).thenError(),
    ).toBe("errors.visibilityUnchanged");
  });

  it("deletes with the time, refuses everything on a deleted folder but its owner's restore, within the days allowed", () => {
    expect(given(d, [created]).when({ type: "Delete", by: "owner" }, ctx).then()).toEqual([
      deleted("2026-11-27T10:00:00.000Z"),
    ]);
    const gone = [created, deleted("2026-11-20T10:00:00.000Z")];
    expect(
      given(d, gone)
        .when({ type: "AddCandidates", by: "owner", candidateIds: ["c1"] }, ctx)
        .thenError(),
    ).toBe("errors.notFound");
    expect(given(d, gone).when({ type: "Restore", by: "colleague" }, ctx).thenError()).toBe("errors.ownerOnly");
    expect(given(d, gone).when({ type: "Restore", by: "owner" }, ctx).then()).toEqual([
      { type: "FolderRestored", data: ids },
    ]);
    expect(
      given(d, [created, deleted("2026-10-01T10:00:00.000Z")])
        .when({ type: "Restore", by: "owner" }, ctx)
        .thenError(),
    ).toBe("errors.restoreExpired");
    expect(given(d, [created]).when({ type: "Restore", by: "owner" }, ctx).thenError()).toBe("errors.notDeleted");
  });

  it("refuses any command on a folder that does not exist", () => {
    expect(given(d, []).when({ type: "Delete", by: "owner" }, ctx).thenError()).toBe("errors.notFound");
  });
});

describe("favourite folders: candidates", () => {
  it("adds each candidate once, by whoever adds them; all already there is refused", () => {
    expect(
      given(d, [created, added("c1")])
        .when({ type: "AddCandidates", by: "colleague", candidateIds: ["c1", "c2", "c2"] }, ctx)
        .then(),
    ).toEqual([{ type: "FolderCandidatesAdded", data: { ...ids, memberIds: ["c2"], addedBy: "colleague" } }]);
    expect(
      given(d, [created, added("c1")])
        .when({ type: "AddCandidates", by: "owner", candidateIds: ["c1"] }, ctx)
        .thenError(),
    ).toBe("errors.alreadyInFolder");
  });

  it("refuses more than the folder holds", () => {
    const full = added(...Array.from({ length: FOLDER_MAX_CANDIDATES }, (_, i) => `c${i}`));
    expect(
      given(d, [created, full])
        .when({ type: "AddCandidates", by: "owner", candidateIds: ["new"] }, ctx)
        .thenError(),
    ).toBe("errors.folderFull");
  });

  it("removes a candidate who is there, refuses one who is not", () => {
    expect(
      given(d, [created, added("c1")])
        .when({ type: "RemoveCandidate", by: "x", candidateId: "c1" }, ctx)
        .then(),
    ).toEqual([{ type: "FolderCandidateRemoved", data: { ...ids, memberId: "c1", removedBy: "x" } }]);
    expect(given(d, [created]).when({ type: "RemoveCandidate", by: "x", candidateId: "c1" }, ctx).thenError()).toBe(
      "errors.notInFolder",
    );
  });

  it("moves a candidate to a position, clamped; a move to where it is records nothing", () => {
    const three = [created, added("a", "b", "c")];
    expect(given(d, three).when({ type: "MoveCandidate", by: "x", candidateId: "c", position: 0 }, ctx).then()).toEqual(
      [{ type: "FolderCandidateMoved", data: { ...ids, memberId: "c", position: 0 } }],
    );
    expect(
      given(d, three).when({ type: "MoveCandidate", by: "x", candidateId: "a", position: 99 }, ctx).then(),
    ).toEqual([{ type: "FolderCandidateMoved", data: { ...ids, memberId: "a", position: 2 } }]);
    expect(given(d, three).when({ type: "MoveCandidate", by: "x", candidateId: "b", position: 1 }, ctx).then()).toEqual(
      [],
    );
    expect(
      given(d, three).when({ type: "MoveCandidate", by: "x", candidateId: "z", position: 1 }, ctx).thenError(),
    ).toBe("errors.notInFolder");
  });
});

describe("favourite folders: rules", () => {
  it("moveTo places an id at a position in the order", () => {
    expect(moveTo(["a", "b", "c"], "c", 0)).toEqual(["c", "a", "b"]);
    expect(moveTo(["a", "b", "c"], "a", 1)).toEqual(["b", "a", "c"]);
    expect(moveTo(["a", "b", "c"], "a", -3)).toEqual(["a", "b", "c"]);
  });

  it("a shared folder is its agency's staff's; a private one its owner's; another agency sees neither", () => {
    const shared = { agencyId: "ag-1", ownerId: "owner", visibility: "agency" as const };
    const mine = { ...shared, visibility: "private" as const };
    expect(canSeeFolder({ id: "colleague", agencyId: "ag-1" }, shared)).toBe(true);
    expect(canSeeFolder({ id: "colleague", agencyId: "ag-1" }, mine)).toBe(false);
    expect(canSeeFolder({ id: "owner", agencyId: "ag-1" }, mine)).toBe(true);
    expect(canSeeFolder({ id: "other", agencyId: "ag-2" }, shared)).toBe(false);
    expect(canManageFolder({ id: "colleague", agencyId: "ag-1" }, shared)).toBe(false);
    expect(canManageFolder({ id: "owner", agencyId: "ag-1" }, shared)).toBe(true);
  });

  it("the add form takes one candidate id or several (the bulk selection), each a uuid", () => {
    const a = "00000000-0000-4000-8000-00000000000a";
    const b = "00000000-0000-4000-8000-00000000000b";
    expect(addCandidatesSchema.parse({ candidateId: a }).candidateId).toEqual([a]);
    expect(addCandidatesSchema.parse({ candidateId: [a, b, a] }).candidateId).toEqual([a, b]);
    expect(addCandidatesSchema.safeParse({ candidateId: "nope" }).success).toBe(false);
    expect(addCandidatesSchema.safeParse({}).success).toBe(false);
  });
});

describe("favourite folders: CSV", () => {
  it("writes a BOM, `;` between fields, and defuses cells a spreadsheet would run as formulas", () => {
    const csv = folderCsv(
      ["Nom", "Lieu"],
      [
        ['=HYPERLINK("x")', "+41"],
        ["-1", "@SUM"],
        ["Dupont; Jean", "Genève"],
      ],
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Nom;Lieu",
      '"\'=HYPERLINK(""x"")";\'+41',
      "'-1;'@SUM",
      '"Dupont; Jean";Genève',
      "",
    ]);
  });
});
