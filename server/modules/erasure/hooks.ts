import { eraseActivities } from "../activities";
import { eraseApplications } from "../applications";
import { eraseCandidateFiles } from "../candidate-file";
import { eraseCandidate } from "../candidates";
import { eraseDuplicates } from "../duplicates";
import { eraseEngagement } from "../engagement";
import { eraseFolderMemberships } from "../folders";
import { eraseIdentity } from "../identity";
import { eraseLibrarySearchMarks } from "../library-searches";
import { eraseNotifications } from "../notifications";
import { eraseDataExports } from "../privacy";
import { erasePresentationMembers } from "../presentations";
import { eraseSupportRequests } from "../support";
import { eraseTimesheets } from "../timesheets";
import type { EraseHook } from "./contract";

/**
 * Each module's erasure hook, called in order inside one transaction (ADR 0048 lists each table
 * and its fate). Modules that hold nothing personal beyond the candidate id (placements, planning,
 * statistics, missions) keep their rows: the id names nobody once the account is gone. The
 * account goes last: the others may still read it.
 */
export const ERASE_HOOKS: readonly EraseHook[] = [
  eraseCandidate,
  eraseEngagement,
  eraseApplications,
  eraseTimesheets,
  eraseCandidateFiles,
  eraseDuplicates,
  eraseFolderMemberships,
  erasePresentationMembers,
  eraseActivities,
  eraseLibrarySearchMarks,
  eraseNotifications,
  eraseDataExports,
  eraseSupportRequests,
  eraseIdentity,
];
