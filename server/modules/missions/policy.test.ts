import { describe, expect, it } from "vitest";
import type { Actor } from "../identity/contract";
import { adActionsFor, mayActOnAd } from "./rules";

const actor = (role: Actor["role"], id = "u1"): Actor => ({
  id,
  role,
  agencyId: "a1",
  clientId: role.endsWith("CLIENT") ? "c1" : null,
});

describe("who may do what to an ad (the missions policy)", () => {
  it("agency staff may do whatever the ad's state allows", () => {
    expect(adActionsFor(actor("COLLABORATOR"), { status: "online", createdBy: "someone" })).toEqual([
      "edit",
      "disable",
      "archive",
      "delete",
      "duplicate",
    ]);
    expect(adActionsFor(actor("ADMIN_CONSULTANT"), { status: "archived", createdBy: "someone" })).toEqual([
      "delete",
      "duplicate",
    ]);
  });

  it("a client manager duplicates their company's ads, and edits or deletes only their own proposals", () => {
    const manager = actor("MANAGER_CLIENT", "m1");
    expect(adActionsFor(manager, { status: "draft", createdBy: "m1" })).toEqual(["edit", "delete", "duplicate"]);
    expect(adActionsFor(manager, { status: "draft", createdBy: "someone" })).toEqual(["duplicate"]);
    expect(mayActOnAd(manager, { createdBy: "m1" }, "publish")).toBe(false);
    expect(mayActOnAd(manager, { createdBy: "m1" }, "disable")).toBe(false);
  });

  it("client users, candidates and platform admins act on no ad", () => {
    for (const role of ["CLIENT", "CANDIDATE", "PLATFORM_ADMIN"] as const)
      expect(adActionsFor(actor(role), { status: "draft", createdBy: "u1" })).toEqual([]);
  });
});
