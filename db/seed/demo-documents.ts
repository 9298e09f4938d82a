import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";
import { demoPdf } from "./demo-applications";

type Domain = ReturnType<typeof createDomain>;

/** YYYY-MM-DD `days` from now (the seed's own clock). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Documents beside the demo candidates' CVs (one expiring within 30 days, so the "expiring"
 * badge and the reminder digest show), and a document each demo agency shares with its
 * candidates (Hugo has acknowledged Lyon's, so the agency sees a date). After the applications:
 * a candidate reads the documents of the agencies they applied to.
 */
export async function seedDemoDocuments(domain: Domain) {
  const { identity, candidates, agencyDocuments } = domain;
  const actor = async (email: string): Promise<Actor> => {
    const u = (await identity.credentialsByEmail(email))!;
    return { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
  };
  const [lea, hugo, ge, lyon] = await Promise.all(
    ["candidate@demo.test", "candidate.fr@demo.test", "consultant.ge@demo.test", "consultant.lyon@demo.test"].map(
      actor,
    ),
  );
  const add = (who: Actor, category: string, name: string, expiresAt: string | null) =>
    candidates.addDocument(who, { category, expiresAt, upload: { name, bytes: demoPdf(name) } });
  await add(lea!, "identity", "carte-identite.pdf", inDays(3 * 365));
  await add(lea!, "work_permit", "permis-B.pdf", inDays(20));
  await add(lea!, "insurance_card", "carte-AVS.pdf", null);
  await add(hugo!, "identity", "passeport.pdf", inDays(5 * 365));
  await add(hugo!, "medical_check", "visite-medicale.pdf", inDays(12));

  await agencyDocuments.shareAgencyDocument(ge!, {
    title: "Règlement intérieur des missions",
    kind: "rules",
    upload: { name: "reglement-leman.pdf", bytes: demoPdf("Règlement Léman Intérim") },
  });
  const lyonRules = await agencyDocuments.shareAgencyDocument(lyon!, {
    title: "Charte du travail temporaire",
    kind: "rules",
    upload: { name: "charte-rhone-emploi.pdf", bytes: demoPdf("Charte Rhône Emploi") },
  });
  await agencyDocuments.acknowledgeAgencyDocument(hugo!, lyonRules);
}
