import { z } from "zod";
import type { SessionUser } from "../../modules/identity/contract";
import { aboutSchema, identitySchema, languagesSchema, skillsSchema } from "../../modules/candidates/contract";
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
    versions: z.record(z.number().int()).describe("each section's version, to send back with its change"),
  })
  .openapi("Profile");

const SECTIONS = ["identity", "about", "skills", "languages"] as const;
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
      versions: p.versions,
    };
  };

  defineRoute(api, {
    method: "get",
    path: "/me/profile",
    tag: "profile",
    summary: "The candidate's profile (identity, address, about, skills, languages) with each section's version",
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
      const schema = {
        identity: identitySchema(country),
        about: aboutSchema,
        skills: skillsSchema,
        languages: languagesSchema,
      }[section];
      const parsed = schema.safeParse(body.values);
      if (!parsed.success) throw zodAppError(parsed.error, "values.");
      const expectedVersion = body.version;
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
