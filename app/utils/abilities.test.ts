import { describe, expect, it } from "vitest";
import { homeFor, ROLES } from "#server/modules/identity/contract";
import { can, isBuilt, menuFor, NOT_BUILT } from "./abilities";
import { formatDate } from "./dates";

describe("menus and abilities", () => {
  it("gives consultants and admins the full agency menu", () => {
    const paths = menuFor("ADMIN_CONSULTANT").map((m) => m.to);
    expect(paths).toEqual(
      expect.arrayContaining(["/tableau-bord-agence", "/mes-annonces", "/planification", "/releves-heures"]),
    );
    // but an agency's statistics: a platform admin has no agency of their own
    expect(menuFor("PLATFORM_ADMIN").map((m) => m.to)).toEqual(
      expect.arrayContaining([...paths.filter((p) => p !== "/statistiques"), "/agences-a-valider"]),
    );
    expect(paths).toContain("/statistiques");
    expect(menuFor("PLATFORM_ADMIN").map((m) => m.to)).not.toContain("/statistiques");
    expect(paths).not.toContain("/agences-a-valider");
  });

  it("gives client users a reduced list without dashboard, ad list and CV library", () => {
    const paths = menuFor("CLIENT").map((m) => m.to);
    expect(paths).not.toContain("/tableau-bord-agence");
    expect(paths).not.toContain("/mes-annonces");
    expect(paths).not.toContain("/cv-theque");
    expect(paths).not.toContain("/statistiques");
    expect(paths).toContain("/creer-une-annonce");
  });

  it("gives managers their variant: their ads but not the CV library or planning", () => {
    const paths = menuFor("MANAGER_CLIENT").map((m) => m.to);
    expect(paths).toContain("/mes-annonces");
    expect(paths).not.toContain("/cv-theque");
    expect(paths).not.toContain("/planification");
  });

  it("never offers a screen that is not built yet (no menu entry leads to a not-found page)", () => {
    // every screen of the spec's menus is built now (issue 30 built /communication and /support)
    expect(NOT_BUILT).toEqual([]);
    for (const role of ROLES) {
      const paths = menuFor(role).flatMap((m) => [m.to, ...(m.children ?? []).map((c) => c.to)]);
      expect(
        paths.filter((p) => !isBuilt(p)),
        role,
      ).toEqual([]);
    }
    expect(isBuilt("/support?x=1")).toBe(true);
  });

  it("keeps candidates out of agency screens and agency users out of the candidate space", () => {
    expect(can("CANDIDATE", "agency.dashboard")).toBe(false);
    expect(can("ADMIN_CONSULTANT", "candidate.space")).toBe(false);
    expect(menuFor("CANDIDATE")[0]?.to).toBe("/tableau-de-bord");
  });

  it("lands each role where spec section 4 says", () => {
    expect(homeFor("CANDIDATE")).toBe("/tableau-de-bord");
    expect(homeFor("ADMIN_CONSULTANT")).toBe("/tableau-bord-agence");
    expect(homeFor("PLATFORM_ADMIN")).toBe("/tableau-bord-agence");
    expect(homeFor("MANAGER_CLIENT")).toBe("/creer-une-annonce");
    expect(homeFor("CLIENT")).toBe("/creer-une-annonce");
  });
});

describe("dates", () => {
  it("formats as DD/MM/YYYY", () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe("05/01/2026");
    expect(formatDate(new Date(2026, 11, 31).toISOString())).toBe("31/12/2026");
  });
});
