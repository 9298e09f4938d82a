import { describe, expect, it } from "vitest";
import { signUpAgency, type AgencySignUp } from "./membership";

const input: AgencySignUp = {
  agencyName: "Intérim Alpes",
  country: "FR",
  city: "Annecy",
  branchName: "Annecy Centre",
  branchCity: "Annecy",
  firstName: "Chloé",
  lastName: "Girard",
  email: "chloe@alpes.test",
  password: "Agence.Neuve-2026",
  locale: "fr",
};

/** The two modules as the sign-up sees them, recording what an admin's card could read when the agency appears. */
function modules(emailTaken = false) {
  const users: Record<string, unknown>[] = [];
  const steps: string[] = [];
  let registrantsWhenAgencyAppeared: Record<string, unknown>[] | null = null;
  return {
    users,
    steps,
    registrants: () => registrantsWhenAgencyAppeared,
    deps: {
      newId: () => "agency-1",
      agencies: {
        async registerAgency(_actor: unknown, _input: unknown, agencyId?: string) {
          steps.push("agency");
          // what the platform admins' live card reads as soon as AgencyRegistered is pushed
          registrantsWhenAgencyAppeared = users.filter((u) => u.agencyId === agencyId && u.role === "ADMIN_CONSULTANT");
          return agencyId!;
        },
        async openBranch() {
          steps.push("branch");
          return "branch-1";
        },
        overview: async () => null,
      },
      identity: {
        credentialsByEmail: async () => (emailTaken ? { id: "someone" } : null),
        async registerUser(user: Record<string, unknown> & { email: string; firstName: string; locale: string }) {
          steps.push("user");
          users.push(user);
          return "user-1";
        },
      },
    },
  };
}

describe("agency sign-up", () => {
  it("records the registrant before the agency appears, so the admins' live card has their name and email", async () => {
    const m = modules();
    expect(await signUpAgency(m.deps, input)).toBe("agency-1");
    expect(m.registrants()).toEqual([
      expect.objectContaining({
        firstName: "Chloé",
        lastName: "Girard",
        email: "chloe@alpes.test",
        agencyId: "agency-1",
      }),
    ]);
    expect(m.steps).toEqual(["user", "agency", "branch"]);
  });

  it("leaves nothing behind for a taken email", async () => {
    const m = modules(true);
    await expect(signUpAgency(m.deps, input)).rejects.toMatchObject({ key: "email_exist", field: "email" });
    expect(m.steps).toEqual([]);
  });
});
