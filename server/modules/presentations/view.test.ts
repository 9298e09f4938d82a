import { describe, expect, it } from "vitest";
import type { DossierAlias } from "./rules";
import { clientDossier, redact, type CandidateData, type DossierMember } from "./view";

const person: CandidateData = {
  firstName: "Marie-Claire",
  lastName: "Dufresne",
  otherNames: ["Marie-Claire", "Dufresne", "Bovard"],
  email: "marie.dufresne@example.ch",
  phone: "+41 79 555 12 34",
  birthDate: "1990-04-12",
  avsNumber: "756.1234.5678.97",
  street: "Rue du Rhône 12",
  city: "Genève",
  region: "GE",
  aboutMe:
    "Je suis Marie-Claire Dufresne, joignable au 079 555 12 34 ou marie.dufresne@example.ch. Cariste chez Migros.",
  experiences: [
    { jobTitle: "Cariste", company: "Migros Genève", place: "Carouge", startDate: "2019-01-01", endDate: "" },
  ],
  trainings: [{ diploma: "CFC logisticienne", school: "EPSG", year: 2012 }],
  languages: [{ code: "fr", spoken: "native", written: "c2" }],
};
const member: DossierMember = {
  position: 0,
  candidateId: "c-1",
  sections: ["summary", "experiences", "trainings", "languages", "documents"],
  documents: [{ id: "d-1", category: "cv" }],
  comment: "Dufresne est excellente, appelez Marie au 079 555 12 34.",
  answer: null,
  answerComment: "",
};
const dossier = {
  title: "Caristes",
  agencyName: "Missio Genève",
  logoId: null,
  companyName: "Client SA",
  language: "fr",
  anonymised: true,
  alias: "initials" as DossierAlias,
  showEmployers: false,
};
const today = new Date("2026-11-27T00:00:00Z");
const view = (over: Partial<typeof dossier> = {}) =>
  clientDossier({ ...dossier, ...over }, [member], new Map([["c-1", person]]), today);

/** Every identifying value of the person, as text: none may appear in an anonymised view. */
const IDENTIFYING = [
  "Marie",
  "Dufresne",
  "marie.dufresne@example.ch",
  "79 555 12 34",
  "Rue du Rhône",
  "1990-04-12",
  "756.1234.5678.97",
  "Migros",
  "Bovard",
];

describe("the client's view model: anonymity in one place", () => {
  it("drops every identifying field: name, contact, street, birth date, AVS, employers, names in free text", () => {
    const text = JSON.stringify(view());
    for (const value of IDENTIFYING) expect(text).not.toContain(value);
    const [c] = view().candidates;
    expect(c).toMatchObject({ label: "M. D.", email: null, phone: null, place: "Genève, GE", ageBand: "35to44" });
    expect(c!.experiences).toEqual([
      { jobTitle: "Cariste", company: null, place: "Carouge", from: "2019-01-01", to: "" },
    ]);
    expect(c!.documents).toEqual(["cv"]);
    expect(c!.summary).toContain("Cariste chez •••");
  });

  it("names a candidate by number when chosen, and shows employers when the switch is on", () => {
    const [c] = view({ alias: "number", showEmployers: true }).candidates;
    expect(c!.label).toBe("#1");
    expect(c!.experiences![0]!.company).toBe("Migros Genève");
    expect(JSON.stringify(c)).not.toContain("Dufresne");
  });

  it("shows the name and contact when not anonymised, never the street, birth date or AVS", () => {
    const [c] = view({ anonymised: false }).candidates;
    expect(c).toMatchObject({ label: "Marie-Claire Dufresne", email: "marie.dufresne@example.ch" });
    const text = JSON.stringify(c);
    for (const value of ["Rue du Rhône", "1990-04-12", "756.1234.5678.97"]) expect(text).not.toContain(value);
  });

  it("leaves out sections not chosen and candidates the agency may no longer see", () => {
    const bare = clientDossier(dossier, [{ ...member, sections: [] }], new Map([["c-1", person]]), today);
    expect(bare.candidates[0]).toMatchObject({
      summary: null,
      experiences: null,
      trainings: null,
      languages: null,
      documents: null,
    });
    expect(clientDossier(dossier, [member], new Map(), today).candidates).toEqual([]);
  });

  it("masks names, e-mail addresses and phone numbers in free text", () => {
    expect(redact("Appelez Marie Dufresne au +41 79 555 12 34 ou x@y.ch", person)).toBe(
      "Appelez ••• ••• au ••• ou •••",
    );
  });
});
