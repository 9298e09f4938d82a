import { describe, expect, it } from "vitest";
import {
  candidateKeys,
  cvBands,
  foldName,
  minhash,
  normalizeAvsKey,
  normalizeEmail,
  normalizePhoneKey,
  pairScore,
  similarity,
  type CandidateFacts,
} from "./keys";

const cv = (extra = "") =>
  `Cariste expérimenté CACES R489 catégories 1 3 5 chez Migros Genève de 2018 à 2024 préparation de commandes
   chargement et déchargement des camions inventaires mensuels formation sécurité au travail permis B voiture
   personnelle disponible immédiatement pour missions temporaires en Suisse romande ${extra}`;

const facts = (over: Partial<CandidateFacts> = {}): CandidateFacts => ({
  country: "CH",
  emails: [],
  phones: [],
  avsNumbers: [],
  firstName: null,
  lastName: null,
  birthDate: null,
  cvText: "",
  ...over,
});

describe("duplicates: normalisation", () => {
  it("e-mails: case, Gmail's dots and +tags, googlemail", () => {
    expect(normalizeEmail(" Jean.Dupont+jobs@GoogleMail.com ")).toBe("jeandupont@gmail.com");
    expect(normalizeEmail("jean.dupont@bluewin.ch")).toBe("jean.dupont@bluewin.ch");
    expect(normalizeEmail("JEAN@Bluewin.CH")).toBe("jean@bluewin.ch");
    expect(normalizeEmail("not an address")).toBeNull();
    expect(normalizeEmail("+tag@gmail.com")).toBeNull();
  });

  it("phones in E.164, read in the candidate's country; invalid ones are no key", () => {
    expect(normalizePhoneKey("079 123 45 67", "CH")).toBe("+41791234567");
    expect(normalizePhoneKey("+41 79 123 45 67", "FR")).toBe("+41791234567");
    expect(normalizePhoneKey("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(normalizePhoneKey("12", "CH")).toBeNull();
  });

  it("AVS: 13 digits starting 756, whatever the dots", () => {
    expect(normalizeAvsKey("756.9217.0769.85")).toBe("7569217076985");
    expect(normalizeAvsKey("756 9217 0769 85")).toBe("7569217076985");
    expect(normalizeAvsKey("123.4567.8901.23")).toBeNull();
  });

  it("names: accents, case, hyphens and order do not matter", () => {
    expect(foldName("Anna", "Müller-Lüdi")).toBe(foldName("MULLER LUDI", "anna"));
    expect(foldName("Élodie", "Dupont")).toBe("dupont elodie");
  });
});

describe("duplicates: CV similarity", () => {
  it("a CV with a line more is similar and shares a band; another CV is not", () => {
    const a = minhash(cv())!;
    const b = minhash(cv("permis C1"))!;
    const other = minhash(
      "Infirmière diplômée HES soins aigus aux Hôpitaux universitaires de Genève de 2015 à 2023 gardes de nuit coordination des équipes soignantes gestion des médicaments formation continue en soins palliatifs et accompagnement des familles",
    )!;
    expect(similarity(a, b)).toBeGreaterThanOrEqual(0.8);
    expect(cvBands(a).some((band) => cvBands(b).includes(band))).toBe(true);
    expect(similarity(a, other)).toBeLessThan(0.2);
  });

  it("a text too short to compare has no signature", () => {
    expect(minhash("Cariste Genève")).toBeNull();
  });
});

describe("duplicates: keys and score", () => {
  it("keys from every fact, once each; name and birth date only together", () => {
    const { keys, sig } = candidateKeys(
      facts({
        emails: ["Jean.Dupont@gmail.com", "jeandupont@gmail.com"],
        phones: ["079 123 45 67"],
        avsNumbers: ["756.9217.0769.85"],
        firstName: "Jean",
        lastName: "Dupont",
        birthDate: "1990-04-01",
        cvText: cv(),
      }),
    );
    const kinds = keys.map((k) => k.kind);
    expect(kinds.filter((k) => k === "email")).toHaveLength(1);
    expect(kinds).toEqual(expect.arrayContaining(["email", "phone", "avs", "name_birth", "cv"]));
    expect(sig).toHaveLength(64);
    expect(candidateKeys(facts({ firstName: "Jean", lastName: "Dupont" })).keys).toEqual([]);
  });

  it("the score grows with each reason and weighs the CV by its similarity", () => {
    expect(pairScore([{ kind: "avs" }])).toBe(0.97);
    expect(pairScore([{ kind: "phone" }])).toBe(0.8);
    expect(pairScore([{ kind: "phone" }, { kind: "name_birth" }])).toBe(0.95);
    expect(pairScore([{ kind: "cv", similarity: 0.9 }])).toBe(0.63);
    expect(pairScore([])).toBe(0);
  });
});
