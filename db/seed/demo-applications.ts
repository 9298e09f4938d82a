import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";
import { STATUS, type Interest, type RefusalReason } from "../../server/modules/applications/contract";

type Domain = ReturnType<typeof createDomain>;

/**
 * A small but real PDF: one A4 page with these lines in Helvetica (WinAnsi, so accented Latin
 * letters print). A text layer, so CV parsing reads it without OCR.
 */
export function demoPdf(title: string, lines: string[] = [title]): Uint8Array {
  const latin1 = (text: string) => text.replace(/[^\x20-\xff]/g, "?").replace(/[()\\]/g, (c) => `\\${c}`);
  const content = `BT /F1 11 Tf 56 790 Td 14 TL\n${lines.map((l) => `(${latin1(l)}) Tj T*`).join("\n")}\nET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${latin1(title)}) >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // one byte per character (Latin-1), as the offsets above count them
  return new Uint8Array(Buffer.from(body, "latin1"));
}

/** A short CV in French for a demo candidate (what CV parsing will suggest from). */
function demoCvLines(p: { firstName: string; lastName: string; email: string }, i: number): string[] {
  const jobs = [
    ["Serveur", "Brasserie du Molard, Genève"],
    ["Magasinier", "Logistique Arc Lémanique SA, Meyrin"],
    ["Aide-soignante", "Clinique des Eaux-Vives, Genève"],
    ["Maçon", "Constructions du Salève SA, Carouge"],
  ] as const;
  const [job, company] = jobs[i % jobs.length]!;
  return [
    `${p.firstName} ${p.lastName}`,
    `${p.email} - +41 22 555 01 ${String(10 + i).padStart(2, "0")}`,
    "Rue du Rhône 12, 1204 Genève",
    "",
    "Expérience professionnelle",
    `03/2021 - aujourd'hui  ${job}, ${company}`,
    `09/2018 - 02/2021  Employé polyvalent, Manor SA, Lausanne`,
    "",
    "Formation",
    "2015 - 2018  CFC de gestionnaire du commerce de détail, CPLN Neuchâtel",
    "",
    "Langues",
    "Français : langue maternelle",
    "Anglais : B2",
    "",
    "Compétences",
    "Travail en équipe, permis B, horaires décalés",
  ];
}

/** More candidates than the two demo accounts, so the agencies' pipelines have people in them. */
const EXTRA_CANDIDATES = [
  { email: "ines.rossi@demo.test", firstName: "Inès", lastName: "Rossi", locale: "it", country: "CH" },
  { email: "noah.keller@demo.test", firstName: "Noah", lastName: "Keller", locale: "de", country: "CH" },
  { email: "ana.silva@demo.test", firstName: "Ana", lastName: "Silva", locale: "pt", country: "CH" },
  { email: "tom.girard@demo.test", firstName: "Tom", lastName: "Girard", locale: "fr", country: "FR" },
  { email: "emma.leroy@demo.test", firstName: "Emma", lastName: "Leroy", locale: "fr", country: "FR" },
  { email: "sam.baker@demo.test", firstName: "Sam", lastName: "Baker", locale: "en", country: "CH" },
] as const;

type Plan = {
  status?: 1 | 2;
  reason?: RefusalReason;
  interest?: Interest;
  note?: string;
  withdraw?: boolean;
  answerNo?: boolean;
  source?: string;
};

/**
 * Applications in every status across the demo candidates, both agencies and several ads, through
 * the commands like real use: pending (one with a NO answer, so the automatic reply's countdown
 * shows), retained, refused with a reason, withdrawn, rated and noted.
 */
export async function seedDemoApplications(domain: Domain, password: string) {
  const { identity, candidates, applications } = domain;
  for (const c of EXTRA_CANDIDATES)
    await identity.registerUser({ ...c, password, verified: true, role: "CANDIDATE", agencyId: null, clientId: null });
  const actor = async (email: string): Promise<Actor> => {
    const u = (await identity.credentialsByEmail(email))!;
    return { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
  };
  const emails = ["candidate@demo.test", "candidate.fr@demo.test", ...EXTRA_CANDIDATES.map((c) => c.email)];
  const people = await Promise.all(emails.map(actor));
  for (const [i, p] of people.entries()) {
    const u = (await identity.credentialsByEmail(emails[i]!))!;
    await candidates.addCv(p, {
      name: `CV-${u.firstName}-${u.lastName}.pdf`,
      bytes: demoPdf(`CV ${u.firstName} ${u.lastName}`, demoCvLines({ ...u, email: emails[i]! }, i)),
    });
  }
  const [ge, lyon] = await Promise.all(["consultant.ge@demo.test", "consultant.lyon@demo.test"].map(actor));
  const sql = domain.store.sql;
  const adsOf = (agencyId: string) =>
    sql<
      { id: number; questions: number }[]
    >`select id::int as id, jsonb_array_length(coalesce(fields->'questions', '[]'::jsonb))::int as questions
      from rm_ads where agency_id = ${agencyId} and status = 'online' order by (fields->'questions' <> '[]'::jsonb) desc, published_at desc, id limit 6`;
  const [geAds, lyonAds] = await Promise.all([adsOf(ge!.agencyId!), adsOf(lyon!.agencyId!)]);

  const apply = async (
    who: Actor,
    ad: { id: number; questions: number } | undefined,
    consultant: Actor,
    plan: Plan = {},
  ) => {
    if (!ad) return;
    const answers = Array.from({ length: ad.questions }, (_, i) => !(plan.answerNo && i === 0));
    const id = await applications.apply(who, {
      adId: ad.id,
      source: plan.source ?? "S01",
      answers,
      message: "",
      cv: { kind: "registered" },
    });
    if (plan.interest) await applications.changeInterest(consultant, id, plan.interest);
    if (plan.note) await applications.addNote(consultant, id, plan.note);
    if (plan.status) {
      await applications.changeStatus(consultant, id, { to: plan.status, reason: plan.reason ?? null });
      // the candidate was told long ago: what the job does once the window has passed (the seed has no queue)
      const [{ version }] = await sql<[{ version: number }]>`select version from rm_applications where id = ${id}`;
      await applications.notifyStatus(id, version);
    }
    if (plan.withdraw) await applications.withdraw(who, id);
  };
  const [lea, hugo, ines, noah, ana, tom, emma, sam] = people as [
    Actor,
    Actor,
    Actor,
    Actor,
    Actor,
    Actor,
    Actor,
    Actor,
  ];
  // Geneva
  await apply(lea, geAds[0], ge!, {
    interest: "interesting",
    note: "Très bon contact au téléphone, disponible de suite.",
  });
  await apply(lea, geAds[1], ge!, { status: STATUS.retained, source: "S03" });
  await apply(lea, geAds[2], ge!, { withdraw: true });
  await apply(ines, geAds[0], ge!, { status: STATUS.rejected, reason: "profile_mismatch" });
  await apply(ines, geAds[3], ge!, { interest: "maybe" });
  await apply(noah, geAds[0], ge!, { answerNo: true });
  await apply(noah, geAds[4], ge!, { status: STATUS.retained, interest: "interesting" });
  await apply(ana, geAds[1], ge!, { source: "S02" });
  await apply(ana, geAds[5], ge!, { status: STATUS.rejected, reason: "position_filled" });
  await apply(sam, geAds[2], ge!, { interest: "none" });
  // Lyon
  await apply(hugo, lyonAds[0], lyon!, { status: STATUS.retained });
  await apply(hugo, lyonAds[1], lyon!);
  await apply(lea, lyonAds[2], lyon!, { status: STATUS.rejected, reason: "availability" });
  await apply(tom, lyonAds[0], lyon!, { interest: "interesting" });
  await apply(emma, lyonAds[0], lyon!, { source: "S04" });
  await apply(emma, lyonAds[3], lyon!, { status: STATUS.retained });

  // proposals: one accepted (Léa on mission, a validated mission), one awaiting the consultant's
  // pick, one awaiting the candidate's answer
  const { placements } = domain;
  const in14days = new Date(Date.now() + 14 * 86_400_000);
  const propose = (consultant: Actor, adId: number | undefined, who: Actor[], mode: "first" | "pick") =>
    adId
      ? placements.propose(consultant, {
          adId,
          candidateIds: who.map((w) => w.id),
          mode,
          places: 1,
          expiresAt: in14days,
          message: "",
        })
      : null;
  const accepted = await propose(ge!, geAds[1]?.id, [lea], "first");
  if (accepted) await placements.acceptProposal(lea, accepted);
  const picking = await propose(ge!, geAds[4]?.id, [noah, ana], "pick");
  if (picking) await placements.acceptProposal(noah, picking);
  await propose(lyon!, lyonAds[0]?.id, [hugo], "first");
}
