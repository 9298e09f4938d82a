/**
 * An agency's timesheet options for one of its client companies (deadlines, pay rules of the
 * client or its collective agreement), one stream per company: `tsclient-<clientId>`.
 */
import { handleCommand } from "../../event-store/command";
import type { Decider, DecideContext } from "../../event-store/decider";
import { ConcurrencyError, type Db, type Projection } from "../../event-store/types";
import type { EventStore } from "../../event-store/store";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { jsonb } from "../../lib/rows";
import { isAgencyStaff, isPlatformAdmin, type Actor } from "../identity/contract";
import { knownRegion } from "./holidays";
import { noClientRules, type ClientTimesheetSettings } from "./contract";

export const clientSettingsStream = (clientId: string) => `tsclient-${clientId}`;

export interface TimesheetClientSettingsChanged {
  type: "TimesheetClientSettingsChanged";
  data: { agencyId: string; clientId: string } & ClientTimesheetSettings;
}

type Change = { agencyId: string; clientId: string; expectedVersion: number; settings: ClientTimesheetSettings };
export const clientSettingsDecider: Decider<Change, { version: number; last: string }, TimesheetClientSettingsChanged> =
  {
    initialState: { version: 0, last: "" },
    evolve: (s, e) => ({
      version: s.version + 1,
      last: JSON.stringify({ ...e.data, agencyId: undefined, clientId: undefined }),
    }),
    decide(c, state) {
      if (c.expectedVersion !== state.version)
        throw new ConcurrencyError(clientSettingsStream(c.clientId), c.expectedVersion);
      const data = { agencyId: c.agencyId, clientId: c.clientId, ...c.settings };
      if (JSON.stringify({ ...data, agencyId: undefined, clientId: undefined }) === state.last) return [];
      return [{ type: "TimesheetClientSettingsChanged", data }];
    },
  };

export const clientSettingsProjection: Projection<TimesheetClientSettingsChanged> = {
  name: "timesheet_client_settings",
  eventTypes: ["TimesheetClientSettingsChanged"],
  tables: ["rm_timesheet_client_settings"],
  async apply(tx, events) {
    for (const e of events) {
      const d = e.data;
      const row = {
        client_id: d.clientId,
        agency_id: d.agencyId,
        planned_hours_after_days: d.plannedHoursAfterDays,
        deemed_validated_after_days: d.deemedValidatedAfterDays,
        rules: jsonb(tx, d.rules),
        version: e.streamVersion,
        updated_at: e.createdAt,
      };
      await tx`insert into rm_timesheet_client_settings ${tx(row)} on conflict (client_id) do update set
        planned_hours_after_days = excluded.planned_hours_after_days, deemed_validated_after_days = excluded.deemed_validated_after_days,
        rules = excluded.rules, version = excluded.version, updated_at = excluded.updated_at`;
    }
  },
};

export type ClientSettingsRow = ClientTimesheetSettings & {
  clientId: string;
  clientName: string;
  country: string;
  version: number;
};

/** The agency's client companies with their options (defaults where none were set); staff of that agency, or a platform admin. */
export async function clientSettingsOf(sql: Db, actor: Actor, agencyId?: string): Promise<ClientSettingsRow[]> {
  const agency = isPlatformAdmin(actor) ? (agencyId ?? null) : isAgencyStaff(actor) ? actor.agencyId : null;
  if (!agency) return [];
  const rows = await sql<(Omit<ClientSettingsRow, "rules"> & { rules: ClientSettingsRow["rules"] | null })[]>`
    select c.id as "clientId", c.name as "clientName", g.country, s.planned_hours_after_days as "plannedHoursAfterDays",
      s.deemed_validated_after_days as "deemedValidatedAfterDays", s.rules, coalesce(s.version, 0) as version
    from rm_client_companies c join rm_agencies g on g.id = c.agency_id left join rm_timesheet_client_settings s on s.client_id = c.id
    where c.agency_id = ${agency} order by c.name`;
  return rows.map((r) => ({ ...r, rules: { ...noClientRules, ...(r.rules ?? {}) } }));
}

export function clientSettingsCommands({ store, ctx }: { store: EventStore; ctx: DecideContext }) {
  const sql = store.sql as Db;
  return {
    /** Staff change their agency's options for one of its companies, with the version they saw. */
    async setClientTimesheetSettings(
      actor: Actor,
      input: { clientId: string; version: number; settings: ClientTimesheetSettings },
    ) {
      if (!isAgencyStaff(actor) || !actor.agencyId || !isUuid(input.clientId))
        throw new AppError("not_found", "timesheet_client_not_found");
      const [client] = await sql<
        { country: string }[]
      >`select g.country from rm_client_companies c join rm_agencies g on g.id = c.agency_id
        where c.id = ${input.clientId} and c.agency_id = ${actor.agencyId}`;
      if (!client) throw new AppError("not_found", "timesheet_client_not_found");
      const region = input.settings.rules.region;
      if (region && !knownRegion(client.country === "FR" ? "FR" : "CH", region))
        throw new AppError("invalid", "timesheet_region_invalid", "region");
      const command = {
        agencyId: actor.agencyId,
        clientId: input.clientId,
        expectedVersion: input.version,
        settings: input.settings,
      };
      const events = await handleCommand(
        store,
        clientSettingsDecider,
        clientSettingsStream(input.clientId),
        command,
        ctx,
        { actor: actor.id, tenant: actor.agencyId },
        { retries: 0 },
      );
      return { version: events.at(-1)?.streamVersion ?? input.version };
    },
  };
}
