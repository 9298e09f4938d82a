import { defineModule } from "../module";
import { bestLocality, localityById, localityIn, REGIONS, searchLocalities } from "./localities";

export { bestLocality, loadLocalities, localityById, REGIONS } from "./localities";

/** Lookup lists: sectors, professions, localities and regions (spec section 3). */
export const referenceModule = defineModule({
  name: "reference",
  create() {
    return { commands: {}, queries: { searchLocalities, localityById, localityIn, bestLocality, regions: REGIONS } };
  },
});
