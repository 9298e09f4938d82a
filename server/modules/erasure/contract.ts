import { z } from "zod";
import type { Tx } from "../../event-store/types";

/**
 * Erasure (issue 30, ADR 0048). The days a requested erasure waits before it is carried out,
 * during which the person may cancel it (a sign-in shows the banner with the cancel button).
 */
export const ERASURE_GRACE_DAYS = 7;

export type ErasureRequester = "self" | "admin" | "retention";
export type ErasureStatus = "pending" | "cancelled" | "done";

/** Whose data a module erases: what it needs to find the person's rows (read before the account goes). */
export interface ErasedPerson {
  userId: string;
  /** null when the erasure is replayed after a rebuild of the read models: the address is gone by then */
  email: string | null;
  firstName: string;
  lastName: string;
}

/**
 * A module's erasure hook (exported from its index.ts): deletes or pseudonymises its read models
 * about the person inside the erasure's transaction, and returns the storage file ids to remove
 * once it commits.
 */
export type EraseHook = (tx: Tx, person: ErasedPerson) => Promise<string[]>;

export interface ErasureRequestView {
  userId: string;
  status: ErasureStatus;
  requestedBy: ErasureRequester;
  requestedAt: string;
  dueAt: string;
}

export interface PendingErasureView extends ErasureRequestView {
  name: string;
  email: string;
}

/** The security page's form: the person's password confirms the request. */
export const requestErasureSchema = z.object({
  intent: z.literal("erase"),
  erasePassword: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
});

/** What erasure calls of applications: the retention rule on refusals (ADR 0048). */
export interface RefusalRetentionPort {
  anonymiseRefusedApplications(refusedBefore: Date): Promise<number>;
  refusalRetention(soonBefore: Date): Promise<{ soon: number; oldest: Date | null; anonymised: number }>;
}
