import type PgBoss from "pg-boss";
import type { Db } from "../event-store/types";
import type { MailTransport } from "../infra/mailer";
import type { VapidKeys } from "../infra/vapid";
import type { Logger } from "../lib/logger";
import type { Sessions } from "../modules/identity/sessions";
import type { AdSearchService } from "../modules/missions/search";
import type { CandidateAdFits } from "../modules/matching/contract";
import type { LibrarySearchService } from "../modules/library/search";

/**
 * What the composition root hands a module's jobs besides the module's own API: what the
 * handlers use that no module API holds. A manifest types its `jobs(api, deps)` with the part it
 * uses; module.ts does not name this type (the job search's file reaches a manifest, which
 * imports module.ts: a cycle of imports), server/jobs/definitions.ts checks it meets every module.
 */
export interface JobDeps {
  logger: Logger;
  /** the module's own tables the handlers keep (sessions, rate limits, the mail outbox) */
  sql: Db;
  /** enqueue another job (validated like every send) */
  send(name: string, payload: unknown, options?: PgBoss.SendOptions): Promise<string | null>;
  /** null: no SMTP, mails are kept for /dev/mails */
  mailTransport: MailTransport;
  /** the key pair Web Push messages are signed with (ADR 0050) */
  vapid: VapidKeys;
  /** the HTTP sessions, whose expired rows the identity module purges */
  sessions: Pick<Sessions, "purgeExpired">;
  /** the job search, which the job alerts run */
  adSearch: AdSearchService;
  /** a candidate's fit to ads, for alerts that ask for a lowest fit */
  adFits: CandidateAdFits;
  /** the CV library's search, which the saved library searches' alerts run */
  librarySearch: Pick<LibrarySearchService, "matchingIds">;
}
