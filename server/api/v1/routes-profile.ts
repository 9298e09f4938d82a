import { z } from "zod";
import type { SessionUser } from "../../modules/identity/contract";
import {
  aboutSchema,
  addressOfPlace,
  addressSchema,
  criteriaPlaceOf,
  criteriaSchema,
  identitySchema,
  languagesSchema,
  MAX_PLACES,
  skillsSchema,
} from "../../modules/candidates/contract";
import { AppError } from "../../lib/errors";
import { zodAppError } from "./problem";
import { defineRoute, type ApiBuilder } from "./route";

const values = z.record(z.unknown()).nullable();
const Profile = z
  .object({
    identity: values,
    address: values,
    about: values,
    skills: z.array(z.string()),
    languages: z.array(z.record(z.unknown())),
    profiles: z
      .array(z.object({ id: z.string(), name: z.string().nullable(), isDefault: z.boolean(), criteria: values }))
      .describe("the search criteria: the main profile's and the named ones'"),
    versions: z
      .record(z.number().int())
      .describe("each section's version, to send back with its change (the search criteria's as criteria:<profileId>)"),
  })
  .openapi("Profile");

const SECTIONS = ["identity", "address", "criteria", "about", "skills", "languages"] as const;

/** The address as sent: the place by its id in the reference list (GET /locations/search), as the page picks it. */
const addressBody = addressSchema.pick({ street: true, additional: true, country: true }).extend({
  localityId: z.string().max(80).optional(),
});
/** The criteria as sent: the wished places by their ids, the main profile unless another is named. */
const criteriaBody = criteriaSchema.omit({ places: true }).extend({
  placeIds: z.array(z.string().max(80)).max(MAX_PLACES, "validation.max_choices").optional(),
  profileId: z.string().max(80).optional(),
});
type Section = (typeof SECTIONS)[number];

/** The variant's country: the address's, else the account's (as the profile page reads it). */
const countryOf = (address: { country?: string } | null, user: Pick<SessionUser, "country">) =>
  (address?.country ?? user.country) === "FR" ? ("FR" as const) : ("CH" as const);

/** The candidate's profile: read, and its sections saved with the profile page's schemas and version check. */
export function profileRoutes(api: ApiBuilder) {
  const { services } = api;
  const read = async (user: SessionUser) => {
    const p = await services.candidates.myProfile(user);
    return {
      identity: p.identity as Record<string, unknown> | null,
      address: p.address as Record<string, unknown> | null,
      about: p.about as Record<string, unknown> | null,
      skills: p.skills,
      languages: p.languages as Record<string, unknown>[],
      profiles: p.profiles.map((x) => ({
        id: x.id,
        name: x.name,
        isDefault: x.isDefault,
        criteria: x.criteria as Record<string, unknown> | null,
      })),
      versions: p.versions,
    };
  };

  defineRoute(api, {
    method: "get",
    path: "/places",
    tag: "profile",
    summary: "Places of the reference list (3 characters at least): their ids go in the address and the criteria",
    audience: "public",
    query: z.object({
      q: z.string().max(100),
      country: z.enum(["CH", "FR"]).optional(),
      lng: z.enum(["fr", "en", "de", "it", "pt"]).optional(),
    }),
    response: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        postalCode: z.string(),
        region: z.string(),
        regionCode: z.string(),
        country: z.enum(["CH", "FR"]),
      }),
    ),
    handler: async ({ query }) =>
      services.reference
        .searchLocalities(query.q, { country: query.country })
        .map((l) => services.reference.localityIn(l, query.lng ?? "fr"))
        .map(({ id, name, postalCode, region, regionCode, country }) => ({
          id,
          name,
          postalCode,
          region,
          regionCode,
          country,
        })),
  });

  defineRoute(api, {
    method: "get",
    path: "/me/profile",
    tag: "profile",
    summary:
      "The candidate's profile (identity, address, about, skills, languages, search criteria) with each section's version",
    audience: "candidate",
    response: Profile,
    handler: ({ user }) => read(user!),
  });

  defineRoute(api, {
    method: "put",
    path: "/me/profile/{section}",
    tag: "profile",
    summary: "Save one section at the version read (changed since: 409); the profile page's rules",
    audience: "candidate",
    params: z.object({ section: z.enum(SECTIONS, { errorMap: () => ({ message: "api_route_not_found" }) }) }),
    body: z.object({ version: z.number().int().min(0), values: z.record(z.unknown()) }),
    response: Profile,
    async handler({ user, params, body }) {
      const section: Section = params.section;
      const current = await services.candidates.myProfile(user!);
      const country = countryOf(current.address as { country?: string } | null, user!);
      const expectedVersion = body.version;
      const place = (id: string, field: string, inCountry?: "CH" | "FR") => {
        const found = services.reference.localityById(id);
        if (!found || (inCountry && found.country !== inCountry))
          throw new AppError("invalid", "validation.place_unknown", field);
        return found;
      };
      if (section === "address") {
        const parsed = addressBody.safeParse(body.values);
        if (!parsed.success) throw zodAppError(parsed.error, "values.");
        const { localityId, ...v } = parsed.data;
        const located = localityId ? place(localityId, "values.localityId", v.country) : null;
        await services.candidates.saveProfile(user!, {
          type: "SaveAddress",
          expectedVersion,
          values: { ...v, country: v.country ?? located?.country, ...(located ? addressOfPlace(located) : {}) },
        });
        return read(user!);
      }
      if (section === "criteria") {
        const parsed = criteriaBody.safeParse(body.values);
        if (!parsed.success) throw zodAppError(parsed.error, "values.");
        const { placeIds = [], profileId = "main", ...v } = parsed.data;
        const places = [...new Set(placeIds)].map((id, i) => criteriaPlaceOf(place(id, `values.placeIds.${i}`)));
        await services.candidates.saveProfile(user!, {
          type: "SaveCriteria",
          expectedVersion,
          profileId,
          values: { ...v, places },
        });
        return read(user!);
      }
      const schema = {
        identity: identitySchema(country),
        about: aboutSchema,
        skills: skillsSchema,
        languages: languagesSchema,
      }[section];
      const parsed = schema.safeParse(body.values);
      if (!parsed.success) throw zodAppError(parsed.error, "values.");
      const values = parsed.data as never;
      await services.candidates.saveProfile(
        user!,
        section === "identity"
          ? { type: "SaveIdentity", expectedVersion, country, values }
          : section === "about"
            ? { type: "SaveAbout", expectedVersion, values }
            : section === "skills"
              ? { type: "SaveSkills", expectedVersion, values }
              : { type: "SaveLanguages", expectedVersion, values },
      );
      return read(user!);
    },
  });
}
