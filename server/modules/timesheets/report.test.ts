import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { timesheetDecider, type TimesheetCommand, type TimesheetState } from "./decider";
import type { TimesheetEvent, TimesheetMission } from "./events";
import { checkReport } from "./report";

const ctx = { clock: { now: () => new Date("2026-12-10T10:00:00Z") }, ids: { uuid: () => "x" } };
const mission: TimesheetMission = {
  placementId: "p1",
  agencyId: "a1",
  candidateId: "c1",
  adId: 7,
  adTitle: "Cariste",
  clientId: "k1",
  branchId: null,
  consultantId: null,
  zone: "Europe/Zurich",
  country: "CH",
  startDate: null,
  endDate: null,
};
const who = { userId: "c1", candidateId: "c1", clientId: "k1", timesheetId: "t1" };
const opened: TimesheetEvent = { type: "TimesheetOpened", data: { ...mission, ...who, week: "2026-12-07", days: [] } };
const moved = (to: string): TimesheetEvent => ({
  type: "TimesheetMoved",
  data: { ...who, action: "x", from: "in_progress", to, party: "agency", reason: "r" },
});
const file = { fileId: "f1", name: "rapport.pdf", mime: "application/pdf", size: 1200 };

function run(past: TimesheetEvent[], command: TimesheetCommand) {
  const state = past.reduce<TimesheetState>((s, e) => timesheetDecider.evolve(s, e), timesheetDecider.initialState);
  return timesheetDecider.decide(command, state, ctx as never);
}
const keyOf = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
};

describe("the signed report", () => {
  it("is attached by the agency in any state but cancelled or not performed, and replaced by a later one", () => {
    expect(run([opened], { type: "AttachReport", party: "agency", file })).toEqual([
      { type: "TimesheetReportUploaded", data: { ...who, ...file } },
    ]);
    const attached = [opened, ...run([opened], { type: "AttachReport", party: "agency", file })];
    expect(
      run([...attached, moved("client_validated")], {
        type: "AttachReport",
        party: "agency",
        file: { ...file, fileId: "f2" },
      }),
    ).toHaveLength(1);
    for (const to of ["cancelled", "not_performed"])
      expect(keyOf(() => run([opened, moved(to)], { type: "AttachReport", party: "agency", file }))).toBe(
        "timesheet_report_refused",
      );
    for (const party of ["candidate", "client"] as const)
      expect(keyOf(() => run([opened], { type: "AttachReport", party, file }))).toBe("not_authorized");
    expect(keyOf(() => run([], { type: "AttachReport", party: "agency", file }))).toBe("timesheet_not_found");
    expect(
      keyOf(() => run([opened], { type: "AttachReport", party: "agency", file: { ...file, mime: "text/plain" } })),
    ).toBe("timesheet_report_type");
    expect(
      keyOf(() => run([opened], { type: "AttachReport", party: "agency", file: { ...file, size: 3 * 1024 * 1024 } })),
    ).toBe("document_too_large");
  });

  it("is a PDF, JPEG, PNG or WebP by its content, of the type its name says", async () => {
    const pdf = new TextEncoder().encode(
      "%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
    );
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a5c40000000049454e44ae426082",
      "hex",
    );
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: AppError) => e.key,
      );
    expect(await checkReport("rapport.PDF", pdf)).toBe("application/pdf");
    expect(await checkReport("photo.png", png)).toBe("image/png");
    expect(await refused(checkReport("faux.pdf", new TextEncoder().encode("only text")))).toBe("timesheet_report_type");
    expect(await refused(checkReport("photo.pdf", png))).toBe("timesheet_report_type");
    expect(await refused(checkReport("rapport.txt", pdf))).toBe("timesheet_report_type");
    expect(await refused(checkReport("vide.pdf", new Uint8Array()))).toBe("timesheet_report_type");
  });
});
