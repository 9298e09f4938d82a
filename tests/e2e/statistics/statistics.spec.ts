import fs from "node:fs/promises";
import { expect, test } from "../fixtures";
import { ACCOUNTS } from "../support/login";
import { presetPeriod, previousPeriod, statsToday } from "../../../server/modules/statistics/contract";

// Issue 29, statistics: a consultant of each demo agency reads their agency's figures, switches
// the period (a custom range refused on its field, then accepted), reads a chart's data table and
// exports it as CSV; the dashboard shows this month's summary.

for (const user of ["consultantGe", "consultantLyon"] as const) {
  test(`${user} reads the statistics, switches period, sees the data table and exports CSV`, async ({
    signIn,
    server,
  }) => {
    test.setTimeout(60_000);
    const [me] = await server.sql<{ id: string; role: "ADMIN_CONSULTANT"; agencyId: string }[]>`
      select id, role, agency_id as "agencyId" from rm_users where email = ${ACCOUNTS[user]}`;
    const actor = { ...me!, clientId: null };
    const now = new Date();
    const year = presetPeriod("this_year", statsToday(now));
    const expected = await server.domain.statistics.statisticsReport(
      actor,
      { period: year, previous: previousPeriod(year) },
      now,
    );
    const month = presetPeriod("this_month", statsToday(now));
    const thisMonth = await server.domain.statistics.statisticsReport(
      actor,
      { period: month, previous: previousPeriod(month) },
      now,
    );

    const page = await signIn(user, "/tableau-bord-agence");
    // the dashboard's summary: this month's applications
    await expect(page.getByTestId("summary-applications").locator("dd").first()).toHaveText(
      String(thisMonth.funnel.applied.current),
    );
    await page.getByRole("link", { name: "Toutes les statistiques" }).click();
    await expect(page).toHaveURL(/\/statistiques$/);
    // rendered on the server, charts included, and hydrated without an error
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => void errors.push(e.message));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("heading", { name: "Statistiques", level: 1 })).toBeVisible();
    // a chart drawn on the server (recharts' SVG) for each figure with data
    await expect(page.getByTestId("chart-funnel").locator("svg.recharts-surface[width='640']")).toBeVisible();

    expect(errors).toEqual([]);

    // a custom range without its days: refused on its fields, the choice kept
    await page.getByTestId("filter-period").selectOption("custom");
    await page.getByTestId("stats-filters").getByRole("button", { name: "Afficher" }).click();
    await expect(page.getByText("Saisissez une date pour une période personnalisée.").first()).toBeVisible();
    await expect(page.getByTestId("filter-period")).toHaveValue("custom");
    await expect(page.getByTestId("stats-funnel")).toHaveCount(0);
    // then this year, by its preset
    await page.getByTestId("filter-period").selectOption("this_year");
    await page.getByTestId("stats-filters").getByRole("button", { name: "Afficher" }).click();
    await expect(page).toHaveURL(/period=this_year/);
    const [y, m, d] = year.from.split("-");
    await expect(page.getByTestId("stats-periods")).toContainText(`Du ${d}/${m}/${y}`);

    // the data table beside the chart
    const table = page.getByTestId("table-funnel");
    await table.locator("summary").click();
    const applied = table.getByRole("row", { name: /Postulé/ });
    await expect(applied.getByRole("cell").first()).toHaveText(String(expected.funnel.applied.current));
    await expect(applied.getByRole("cell").nth(1)).toHaveText(String(expected.funnel.applied.previous));

    // the same table as CSV
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-funnel").click()]);
    expect(download.suggestedFilename()).toBe(`statistics-funnel-${year.from}-${year.to}.csv`);
    const csv = await fs.readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFFÉtape;Cette période;Période précédente\r\n")).toBe(true);
    expect(csv).toContain(`Postulé;${expected.funnel.applied.current};${expected.funnel.applied.previous}\r\n`);
    expect(csv).toContain(`En mission;${expected.funnel.mission.current};${expected.funnel.mission.previous}\r\n`);
  });
}
