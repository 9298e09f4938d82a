import type { ErasureRequester } from "./contract";

/** A person's erasure lives in `erasure-<userId>`; the events hold ids and dates only. */
export const erasureStream = (userId: string) => `erasure-${userId}`;

export interface ErasureRequested {
  type: "ErasureRequested";
  data: {
    userId: string;
    requestedBy: ErasureRequester;
    requestedAt: string;
    dueAt: string;
    /** retention only: the rule (RETENTION_RULES id) and the hash of the warning mail's cancel link */
    rule?: string;
    cancelTokenHash?: string;
  };
}
export interface ErasureCancelled {
  type: "ErasureCancelled";
  data: { userId: string; by: string };
}
/** Carried out: the data key is gone and every module has erased its read models. */
export interface PersonErased {
  type: "PersonErased";
  data: { userId: string; pseudonym: number };
}

export type ErasureEvent = ErasureRequested | ErasureCancelled | PersonErased;
