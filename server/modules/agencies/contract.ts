/** The agencies module's contract (pure, shared with app/): the countries an agency works in. */
export { COUNTRIES, type Country } from "./events";
