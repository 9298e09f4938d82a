/**
 * 16. Presentation dossiers (issue 29, ADR 0044): a 10-candidate dossier's PDF
 * (/mes-dossiers/presentations/{id}/pdf) and the client's login-free page
 * (/presentations/lien/{token}), over HTTP, one request at a time. The app runs in this process
 * (startApp, role "web", production build).
 */
import type { Logger } from "../../server/lib/logger";
import { cpuMeter, otherShare, type CpuSpent } from "./cpu";
import type { BenchInfra } from "./infra";
import { login, startSeededBenchApp } from "./realtime";
import type { Section } from "./report";
import { fmtMs, now, summarize } from "./stats";

const CONSULTANT = "consultant.ge@demo.test";

export interface PresentationsBenchOptions {
  candidates: number;
  pdfs: number;
  pages: number;
}

const perOp = (spent: CpuSpent, ops: number) => (spent.nodeMs + spent.pgMs) / Math.max(1, ops);

export async function benchPresentations(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: PresentationsBenchOptions,
): Promise<Section> {
  const { app, sql, actor, base } = await startSeededBenchApp(infra, logger, say);
  const services = app.services;
  try {
    const consultant = await actor(CONSULTANT);
    const [client] = await sql<{ id: string }[]>`select client_id as id from rm_users where email = 'client@demo.test'`;
    say(`bench: 16. presentations: ${opts.candidates} candidates with full profiles, visible to Swiss agencies`);
    // candidates with a summary, experience, training and languages, visible to every Swiss agency
    const ids: string[] = [];
    for (let i = 0; i < opts.candidates; i++) {
      const id = await services.identity.registerUser({
        email: `bench.dossier.${i}.${Date.now()}@demo.test`,
        password: "Bench-Pass-2026",
        firstName: `Prénom${i}`,
        lastName: `Nom${i}`,
        role: "CANDIDATE",
        locale: "fr",
        country: "CH",
        agencyId: null,
        clientId: null,
        verified: true,
      });
      const me = { id, role: "CANDIDATE" as const };
      const c = services.candidates;
      await c.saveProfile(me, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
      await c.saveProfile(me, {
        type: "SaveAbout",
        expectedVersion: 0,
        values: { aboutMe: `Cariste expérimenté, ${i + 3} ans de métier. `.repeat(8) },
      });
      await c.saveProfile(me, {
        type: "SaveAddress",
        expectedVersion: 0,
        values: {
          street: "Rue 1",
          country: "CH",
          postalCode: "1201",
          city: "Genève",
          regionCode: "CH-GE",
          region: "Genève",
        },
      });
      for (let e = 0; e < 4; e++)
        await c.saveProfile(me, {
          type: "SaveEntry",
          list: "experience",
          entryId: null,
          // a new entry is checked against the list's version, which each entry moves on
          expectedVersion: e,
          values: {
            jobTitle: `Cariste ${e}`,
            company: `Entreprise ${e}`,
            place: "Carouge",
            startDate: `201${e}-01-01`,
          },
        });
      await c.saveProfile(me, {
        type: "SaveEntry",
        list: "training",
        entryId: null,
        expectedVersion: 0,
        values: { school: "EPSG", diploma: "CFC logisticien", year: 2012 },
      });
      ids.push(id);
    }
    const dossierId = await services.presentations.buildPresentation(consultant, {
      title: "Bench dossier",
      clientId: client!.id,
      language: "fr",
      anonymised: true,
      alias: "initials",
      showEmployers: false,
      candidates: ids.map((candidateId) => ({
        candidateId,
        include: true,
        sections: ["summary", "experiences", "trainings", "languages"],
        documentIds: [],
        comment: "Disponible tout de suite, très fiable.",
      })),
    });
    const link = new URL(await services.presentations.issuePresentationLink(consultant, dossierId)).pathname;
    const cookie = await login(base, CONSULTANT);

    const measure = async (path: string, count: number, headers: Record<string, string>) => {
      for (let i = 0; i < 3; i++) await fetch(`${base}${path}`, { headers }).then((r) => r.arrayBuffer());
      const times: number[] = [];
      const spent = cpuMeter(infra.pgDir);
      let failed = 0;
      for (let i = 0; i < count; i++) {
        const started = now();
        const res = await fetch(`${base}${path}`, { headers });
        await res.arrayBuffer();
        if (res.status === 200) times.push(now() - started);
        else failed++;
      }
      return { s: summarize(times), cpu: spent(), failed, ok: times.length };
    };
    const pdf = await measure(`/mes-dossiers/presentations/${dossierId}/pdf`, opts.pdfs, { cookie });
    const page = await measure(link, opts.pages, {});
    const pdfCpu = perOp(pdf.cpu, pdf.ok);
    const pageCpu = perOp(page.cpu, page.ok);
    const pdfPass = pdfCpu <= 2000 && pdf.failed === 0;
    const pagePass = pageCpu <= 100 && page.failed === 0;
    const row = (label: string, m: typeof pdf, target: string, pass: boolean) => [
      label,
      String(m.s.count),
      fmtMs(m.s.p50),
      fmtMs(m.s.p95),
      fmtMs(m.s.max),
      m.failed,
      `${(m.cpu.nodeMs / Math.max(1, m.ok)).toFixed(2)} + ${(m.cpu.pgMs / Math.max(1, m.ok)).toFixed(2)} ms`,
      otherShare(m.cpu),
      target,
      pass ? "pass" : "FAIL",
    ];
    return {
      title: "16. Presentation dossiers",
      method:
        `The app in this process (startApp, role "web", production build). An anonymised dossier of ${opts.candidates} candidates ` +
        `(each with a summary, four experiences, a training and the consultant's comment, read through the agency access rule at every request), ` +
        `its PDF downloaded by the Geneva consultant ${opts.pdfs} times and its client link page opened ${opts.pages} times without a session, one request at a time.`,
      headers: [
        "measure",
        "samples",
        "p50 (ms)",
        "p95 (ms)",
        "max (ms)",
        "failed",
        "CPU per op: app+bench + postgres",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows: [
        row(`${opts.candidates}-candidate PDF`, pdf, `CPU per PDF <= 2,000 ms: ${fmtMs(pdfCpu)} ms`, pdfPass),
        row("client link page (HTML)", page, `CPU per page <= 100 ms: ${fmtMs(pageCpu)} ms`, pagePass),
      ],
      verdict: pdfPass && pagePass ? "pass" : "FAIL",
      notes: [
        "The candidates are real accounts and profiles made through the commands, visible to every Swiss agency (the access rule's country visibility).",
        "The client page records the client's visit at most once an hour: the first request of the run writes an event, the others only read.",
      ],
    };
  } finally {
    await app.close();
  }
}
