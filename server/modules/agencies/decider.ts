import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { AgencyEvent, Country } from "./events";

export type AgencyCommand =
  | { type: "RegisterAgency"; agencyId: string; name: string; country: Country; city: string; approved: boolean }
  | { type: "OpenBranch"; agencyId: string; branchId: string; name: string; city: string }
  | { type: "AddClientCompany"; agencyId: string; clientId: string; name: string; city: string }
  | { type: "ApproveAgency"; agencyId: string; by: string }
  | { type: "RejectAgency"; agencyId: string; by: string; reason: string }
  | { type: "ChangeLogo"; agencyId: string; fileId: string | null; by: string };

export interface AgencyState {
  exists: boolean;
  status: "pending" | "approved" | "rejected" | null;
  branchNames: string[];
  clientNames: string[];
  logoId: string | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const agencyDecider: Decider<AgencyCommand, AgencyState, AgencyEvent> = {
  initialState: { exists: false, status: null, branchNames: [], clientNames: [], logoId: null },
  evolve(state, event) {
    switch (event.type) {
      case "AgencyRegistered":
        return { ...state, exists: true, status: event.data.status };
      case "AgencyApproved":
        return { ...state, status: "approved" };
      case "AgencyRejected":
        return { ...state, status: "rejected" };
      case "BranchOpened":
        return { ...state, branchNames: [...state.branchNames, event.data.name] };
      case "ClientCompanyAdded":
        return { ...state, clientNames: [...state.clientNames, event.data.name] };
      case "AgencyLogoChanged":
        return { ...state, logoId: event.data.fileId };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "RegisterAgency": {
        if (state.exists) throw new AppError("conflict", "failed_operation");
        const { agencyId, name, country, city, approved } = command;
        return [
          {
            type: "AgencyRegistered",
            data: { agencyId, name, country, city, status: approved ? "approved" : "pending" },
          },
        ];
      }
      case "OpenBranch": {
        if (!state.exists) throw new AppError("not_found", "failed_operation");
        if (state.branchNames.some((n) => same(n, command.name)))
          throw new AppError("conflict", "branch_exists", "name");
        const { agencyId, branchId, name, city } = command;
        return [{ type: "BranchOpened", data: { agencyId, branchId, name, city } }];
      }
      case "ApproveAgency":
      case "RejectAgency": {
        if (!state.exists) throw new AppError("not_found", "failed_operation");
        // a decision is taken once, on a pending agency
        if (state.status !== "pending") throw new AppError("conflict", "agency_already_decided");
        if (command.type === "ApproveAgency")
          return [{ type: "AgencyApproved", data: { agencyId: command.agencyId, by: command.by } }];
        if (command.reason.trim().length < 3) throw new AppError("invalid", "validation.required", "reason");
        return [
          {
            type: "AgencyRejected",
            data: { agencyId: command.agencyId, by: command.by, reason: command.reason.trim() },
          },
        ];
      }
      case "ChangeLogo": {
        if (!state.exists) throw new AppError("not_found", "failed_operation");
        // removing a logo the agency does not have changes nothing
        if (command.fileId === null && state.logoId === null) return [];
        return [
          { type: "AgencyLogoChanged", data: { agencyId: command.agencyId, fileId: command.fileId, by: command.by } },
        ];
      }
      case "AddClientCompany": {
        if (!state.exists) throw new AppError("not_found", "failed_operation");
        if (state.clientNames.some((n) => same(n, command.name)))
          throw new AppError("conflict", "client_exists", "name");
        const { agencyId, clientId, name, city } = command;
        return [{ type: "ClientCompanyAdded", data: { agencyId, clientId, name, city } }];
      }
    }
  },
};
