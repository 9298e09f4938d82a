import { describe, expect, it } from "vitest";
import {
  findPeriod,
  headingOf,
  parseCv,
  parseCvDate,
  type CvSuggestion,
} from "../../server/modules/candidates/cv/parse";
import { DEV_FR, EXPECTED, LOGISTICS_DE, score } from "../fixtures/cv/outside";
import { CV_TEXTS } from "../fixtures/cv/texts";

const byField = <F extends CvSuggestion["field"]>(s: CvSuggestion[], field: F) =>
  s.filter((x): x is CvSuggestion & { field: F } => x.field === field);
const one = <F extends CvSuggestion["field"]>(s: CvSuggestion[], field: F) => byField(s, field)[0]?.value;

describe("parseCv: what every suggestion carries", () => {
  it.each(Object.entries(CV_TEXTS))("%s: sources are the CV's own text, ids unique, confidences in 0..1", (_, text) => {
    const suggestions = parseCv(text);
    expect(suggestions.length).toBeGreaterThan(10);
    for (const s of suggestions) {
      expect(text).toContain(s.source);
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
    expect(new Set(suggestions.map((s) => s.id)).size).toBe(suggestions.length);
    // pure: the same text, the same suggestions
    expect(parseCv(text)).toEqual(suggestions);
  });
});

describe("parseCv in French", () => {
  const s = parseCv(CV_TEXTS.fr);
  it("reads the name (surname in capitals), contacts and address", () => {
    expect(one(s, "firstName")).toBe("Marie");
    expect(one(s, "lastName")).toBe("Dupont");
    expect(one(s, "email")).toBe("marie.dupont@example.ch");
    // a national number read as Swiss: the address is in Switzerland
    expect(one(s, "phone")).toBe("+41791234567");
    expect(byField(s, "phone")[0]!.source).toBe("079 123 45 67");
    expect(one(s, "address")).toEqual({
      street: "12 rue de la Gare",
      postalCode: "1003",
      city: "Lausanne",
      country: "CH",
    });
  });
  it("reads experiences with their dates, 'aujourd'hui' as current", () => {
    expect(byField(s, "experience").map((e) => e.value)).toEqual([
      { jobTitle: "Serveuse", company: "Café du Lac", place: "Lausanne", start: "2019-03", end: null, current: true },
      { jobTitle: "Vendeuse", company: "Migros", place: "Genève", start: "2016-09", end: "2019-02", current: false },
    ]);
  });
  it("reads training, languages with levels and skills", () => {
    expect(one(s, "training")).toEqual({
      diploma: "CFC de gestionnaire du commerce de détail",
      school: "École professionnelle",
      place: "Lausanne",
      start: "2014",
      end: "2016",
      current: false,
    });
    expect(byField(s, "language").map((l) => l.value)).toEqual([
      { language: "fr", name: "Français", level: "native" },
      { language: "en", name: "Anglais", level: "C1" },
      { language: "de", name: "Allemand", level: "basic" },
    ]);
    expect(byField(s, "skill").map((x) => x.value)).toEqual([
      "Service client",
      "encaissement",
      "gestion des stocks",
      "Word",
      "Excel",
    ]);
  });
});

describe("parseCv in German", () => {
  const s = parseCv(CV_TEXTS.de);
  it("reads name, contacts and address", () => {
    expect([one(s, "firstName"), one(s, "lastName"), one(s, "email"), one(s, "phone")]).toEqual([
      "Thomas",
      "Müller",
      "thomas.mueller@example.ch",
      "+41441234567",
    ]);
    expect(one(s, "address")).toEqual({
      street: "Bahnhofstrasse 12",
      postalCode: "8001",
      city: "Zürich",
      country: "CH",
    });
  });
  it("reads experiences written title first, dates below ('März 2018 – heute', '08.2015')", () => {
    const [first, second] = byField(s, "experience");
    expect(first!.value).toEqual({
      jobTitle: "Koch",
      company: "Restaurant Sonne",
      place: "Zürich",
      start: "2018-03",
      end: null,
      current: true,
    });
    expect(first!.source).toBe("Koch\nRestaurant Sonne, Zürich\nMärz 2018 – heute");
    expect(second!.value).toMatchObject({ jobTitle: "Commis de cuisine", start: "2015-08", end: "2018-02" });
  });
  it("reads training, languages ('Muttersprache', B2, 'gute Kenntnisse') and skills", () => {
    expect(one(s, "training")).toMatchObject({
      diploma: "Lehre als Koch EFZ",
      school: "Berufsschule Bern",
      start: "2012",
      end: "2015",
    });
    expect(byField(s, "language").map((l) => [l.value.language, l.value.level])).toEqual([
      ["de", "native"],
      ["fr", "B2"],
      ["en", "good"],
    ]);
    expect(byField(s, "skill").map((x) => x.value)).toEqual(["HACCP", "Menüplanung", "Warenbestellung"]);
  });
});

describe("parseCv in Italian", () => {
  const s = parseCv(CV_TEXTS.it);
  it("reads contacts and 'Dal marzo 2020' as an open period", () => {
    expect(one(s, "phone")).toBe("+41765551234");
    expect(one(s, "address")).toMatchObject({ street: "Via Nassa 5", city: "Lugano" });
    expect(byField(s, "experience").map((e) => e.value)).toEqual([
      {
        jobTitle: "Impiegata di commercio",
        company: "Banca Stato",
        place: "Bellinzona",
        start: "2020-03",
        end: null,
        current: true,
      },
      {
        jobTitle: "Assistente amministrativa",
        company: "Fiduciaria Rossi SA",
        place: "Lugano",
        start: "2017-01",
        end: "2020-02",
        current: false,
      },
    ]);
  });
  it("reads training and languages ('madrelingua', 'fluente', B1)", () => {
    expect(one(s, "training")).toMatchObject({
      school: "Scuola professionale commerciale",
      start: "2013",
      end: "2016",
    });
    expect(byField(s, "language").map((l) => [l.value.language, l.value.level])).toEqual([
      ["it", "native"],
      ["de", "fluent"],
      ["en", "B1"],
    ]);
  });
});

describe("parseCv in English", () => {
  const s = parseCv(CV_TEXTS.en);
  it("reads labelled contacts, the address without its label and a French number", () => {
    expect([one(s, "firstName"), one(s, "lastName"), one(s, "email"), one(s, "phone")]).toEqual([
      "John",
      "Smith",
      "john.smith@example.com",
      "+33612345678",
    ]);
    expect(one(s, "address")).toEqual({
      street: "5 avenue Jean Jaurès",
      postalCode: "69007",
      city: "Lyon",
      country: "FR",
    });
  });
  it("reads 'Since January 2021' and 'June 2018 to December 2020'", () => {
    expect(byField(s, "experience").map((e) => e.value)).toEqual([
      { jobTitle: "Warehouse operator", company: "Amazon", place: "Lyon", start: "2021-01", end: null, current: true },
      {
        jobTitle: "Forklift driver",
        company: "DHL",
        place: "Villeurbanne",
        start: "2018-06",
        end: "2020-12",
        current: false,
      },
    ]);
    expect(byField(s, "language").map((l) => [l.value.language, l.value.level])).toEqual([
      ["en", "native"],
      ["fr", "fluent"],
      ["es", "A2"],
    ]);
  });
});

describe("parseCv in Portuguese", () => {
  const s = parseCv(CV_TEXTS.pt);
  it("reads a name with a particle, contacts and 'desde março de 2019 até atual'", () => {
    expect([one(s, "firstName"), one(s, "lastName"), one(s, "phone")]).toEqual(["Ana", "da Silva", "+351912345678"]);
    expect(byField(s, "experience").map((e) => e.value)).toEqual([
      {
        jobTitle: "Rececionista",
        company: "Hotel Avenida",
        place: "Lisboa",
        start: "2019-03",
        end: null,
        current: true,
      },
      {
        jobTitle: "Empregada de mesa",
        company: "Restaurante Mar",
        place: "Porto",
        start: "2015-07",
        end: "2019-02",
        current: false,
      },
    ]);
  });
  it("reads training and languages ('nativo', 'fluente', C1)", () => {
    expect(one(s, "training")).toMatchObject({ diploma: "Licenciatura em Turismo", school: "Universidade do Porto" });
    expect(byField(s, "language").map((l) => [l.value.language, l.value.level])).toEqual([
      ["pt", "native"],
      ["fr", "fluent"],
      ["en", "C1"],
    ]);
  });
});

describe("headings and dates", () => {
  it.each([
    ["Expérience professionnelle", "experience"],
    ["BERUFSERFAHRUNG", "experience"],
    ["Esperienza lavorativa", "experience"],
    ["Work experience:", "experience"],
    ["Experiência profissional", "experience"],
    ["Formation", "training"],
    ["Ausbildung", "training"],
    ["Formazione", "training"],
    ["Education", "training"],
    ["Formação", "training"],
    ["Langues", "languages"],
    ["Sprachen", "languages"],
    ["Lingue", "languages"],
    ["Languages", "languages"],
    ["Idiomas", "languages"],
    ["Compétences", "skills"],
    ["Kenntnisse", "skills"],
    ["Competenze", "skills"],
    ["Skills", "skills"],
    ["Competências", "skills"],
    ["Centres d'intérêt", "other"],
  ])("%s is a %s heading", (line, section) => {
    expect(headingOf(line)?.section).toBe(section);
  });
  it("does not take a sentence for a heading", () => {
    expect(headingOf("Formation continue en hygiène alimentaire en 2019")).toBeNull();
  });
  it.each([
    ["03/2019", "2019-03"],
    ["mars 2019", "2019-03"],
    ["März 2019", "2019-03"],
    ["marzo 2019", "2019-03"],
    ["March 2019", "2019-03"],
    ["março de 2019", "2019-03"],
    ["2019-03", "2019-03"],
    // as precise as the CV: a day, a month or a year (issue 27)
    ["15.03.2019", "2019-03-15"],
    ["1er mars 2019", "2019-03-01"],
    ["31.02.2019", "2019-02"],
    ["déc. 2020", "2020-12"],
    ["2019", "2019"],
  ])("%s is %s", (token, date) => {
    expect(parseCvDate(token)).toBe(date);
  });
  it.each([
    ["2019–2021", { start: "2019", end: "2021", current: false }],
    ["depuis 2020", { start: "2020", end: null, current: true }],
    ["seit 04/2020", { start: "2020-04", end: null, current: true }],
    ["dal 2018 al 2020", { start: "2018", end: "2020", current: false }],
    ["since May 2022", { start: "2022-05", end: null, current: true }],
    ["desde 2017", { start: "2017", end: null, current: true }],
    ["01/2020 - heute", { start: "2020-01", end: null, current: true }],
    ["2018 - oggi", { start: "2018", end: null, current: true }],
    ["jan 2020 – present", { start: "2020-01", end: null, current: true }],
    ["2016 - atual", { start: "2016", end: null, current: true }],
  ])("%s is a period", (line, period) => {
    expect(findPeriod(line)).toMatchObject(period);
  });
});

describe("what is not guessed", () => {
  it("an empty or unstructured text gives no suggestions", () => {
    expect(parseCv("")).toEqual([]);
    expect(parseCv("lorem ipsum dolor sit amet")).toEqual([]);
  });
  it("a number that is no valid phone is kept as found with a low confidence; dates are no phone", () => {
    const s = parseCv("Jean Martin\nTél. +99 123 456 789\n03/2019 - 05/2021");
    const phone = byField(s, "phone");
    expect(phone).toHaveLength(1);
    expect(phone[0]!.confidence).toBeLessThan(0.5);
  });
  it("labelled names win over the first line", () => {
    const s = parseCv("CURRICULUM VITAE\nNom : Favre\nPrénom : Luc\n");
    expect([one(s, "firstName"), one(s, "lastName")]).toEqual(["Luc", "Favre"]);
  });
});

describe("an outside CV (issue 27)", () => {
  const s = parseCv(DEV_FR);
  it("skills under group headings: every skill, no heading", () => {
    const skills = byField(s, "skill").map((x) => x.value);
    expect(skills).toEqual(expect.arrayContaining(["TypeScript", "PostgreSQL", "Spring Boot", "Revue de code"]));
    for (const heading of EXPECTED.devFr.headings) expect(skills).not.toContain(heading);
    expect(skills).toHaveLength(21);
  });
  it("no cap on skills: a long list is offered whole", () => {
    const many = Array.from({ length: 55 }, (_, i) => `Outil ${i + 1}`).join(", ");
    expect(byField(parseCv(`Jean Martin\n\nCompétences\n${many}\n`), "skill")).toHaveLength(55);
  });
  it("year-only periods stay years, a month stays a month", () => {
    expect(byField(s, "experience").map(({ value: { start, end, current } }) => ({ start, end, current }))).toEqual([
      { start: "2021", end: null, current: true },
      { start: "2019", end: "2021", current: false },
      { start: "2017-06", end: "2018-09", current: false },
    ]);
  });
  it("reads the birth date, nationality, licence, certifications and LinkedIn address", () => {
    expect(one(s, "birthDate")).toBe("1991-11-03");
    expect(one(s, "nationality")).toBe("FR");
    expect(byField(s, "licence").map((x) => x.value)).toEqual(["B"]);
    expect(byField(s, "certification").map((x) => x.value)).toEqual([
      "AWS Certified Developer Associate (2022)",
      "Professional Scrum Master I (2020)",
    ]);
    expect(one(s, "linkedin")).toBe("https://www.linkedin.com/in/julien-moreau-dev");
    // the labelled lines are no training or skill
    expect(byField(s, "training")).toHaveLength(2);
  });
  it("scores every expected field of both outside CVs (read in order)", () => {
    expect(score(s, EXPECTED.devFr.fields)).toBe(1);
    expect(score(parseCv(`${LOGISTICS_DE.main}\n\n${LOGISTICS_DE.side}`), EXPECTED.logisticsDe.fields)).toBe(1);
  });
});

describe("Swiss personal details (issue 27)", () => {
  it("an AHV number only with its check digit; it is no phone", () => {
    const s = parseCv("Anna Meier\nAHV-Nr. 756.9471.3820.68\nTel. 079 456 78 12\n");
    expect(one(s, "avsNumber")).toBe("756.9471.3820.68");
    expect(one(s, "phone")).toBe("+41794567812");
    expect(byField(parseCv("Anna Meier\nAHV-Nr. 756.9471.3820.67\n"), "avsNumber")).toEqual([]);
  });
  it.each([
    ["Führerausweis Kat. B, BE", ["B", "BE"]],
    ["Permis de conduire : B et C1", ["B", "C1"]],
    ["Patente B", ["B"]],
    ["Driving licence: B, C1E", ["B", "C1E"]],
    ["Permis B (séjour)", []],
  ])("%s gives the licences %j", (line, licences) => {
    expect(byField(parseCv(`Anna Meier\n${line}\n`), "licence").map((x) => x.value)).toEqual(licences);
  });
  it("licence categories on the line below their heading", () => {
    expect(byField(parseCv("Anna Meier\nFührerausweis\nB, BE\n"), "licence").map((x) => x.value)).toEqual(["B", "BE"]);
  });
  it.each([
    ["Nationalität: Schweizer", "CH"],
    ["Nationalité : portugaise", "PT"],
    ["Nazionalità: italiana", "IT"],
    ["Nationality: Kosovo", "XK"],
  ])("%s is %s", (line, code) => {
    expect(one(parseCv(`Anna Meier\n${line}\n`), "nationality")).toBe(code);
  });
  it("a labelled birth date only", () => {
    expect(one(parseCv("Anna Meier\nGeburtsdatum: 14.02.1995\n"), "birthDate")).toBe("1995-02-14");
    expect(byField(parseCv("Anna Meier\n14.02.1995\n"), "birthDate")).toEqual([]);
  });
  it("a wrapped skill is joined: an open parenthesis, a lower-case start", () => {
    const s = parseCv(
      "Anna Meier\n\nKenntnisse\nStaplerfahrer (SUVA\nAusweis)\nLagerbewirtschaftung und\nInventur\nSAP\n",
    );
    expect(byField(s, "skill").map((x) => x.value)).toEqual([
      "Staplerfahrer (SUVA Ausweis)",
      "Lagerbewirtschaftung und Inventur",
      "SAP",
    ]);
  });
});
