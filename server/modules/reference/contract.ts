/** The reference module's contract (pure, shared with app/): sectors, professions, the shape of a locality. */
export { PROFESSIONS, SECTORS, isProfession } from "./professions";
export type { Locality, LocalityCountry, Region } from "./localities";
