import { z } from "zod";

/** Why two candidate records look like one person (issue 28, ADR 0039), strongest first. */
export const DUPLICATE_REASONS = ["avs", "email", "phone", "name_birth", "cv"] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** A reason of a pair; `similarity` (0..1) for the CV text's. */
export interface PairReason {
  kind: DuplicateReason;
  similarity?: number;
}

/** Pairs on one page of /cv-theque/doublons. */
export const PAIRS_PER_PAGE = 25;

/** Who decided a pair is not a duplicate: an agency (its id) for its list, the platform admins for theirs. */
export const PLATFORM_SCOPE = "platform";

/** The two ids of a pair, in either order: the pair is always stored first id < second id. */
export const pairSchema = z
  .object({
    firstId: z.string().uuid("errors.notFound"),
    secondId: z.string().uuid("errors.notFound"),
  })
  .transform(({ firstId, secondId }) =>
    firstId < secondId ? { firstId, secondId } : { firstId: secondId, secondId: firstId },
  );
export type PairInput = z.output<typeof pairSchema>;
