import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { CHANGED_BY_SOMEONE_ELSE } from "#server/lib/contract";
import {
  aboutSchema,
  addressOfPlace,
  addressSchema,
  criteriaPlaceOf,
  criteriaSchema,
  experienceSchema,
  identitySchema,
  languagesSchema,
  MAX_PLACES,
  namedProfileSchema,
  libraryVisibilitySchema,
  talentPoolSchema,
  skillsSchema,
  trainingSchema,
  type ProfileCountry,
} from "#server/modules/candidates/contract";
import type { SessionUser } from "#server/modules/identity/contract";
import type { Locality } from "#server/modules/reference/contract";

/**
 * The profile pages' shared server side (/mes-informations, /mobility, /profil): the person's
 * own profile for the loaders, and one action for every section's form, so a section saves the
 * same way on whichever page it shows.
 */

/** The variant's country: the address's, else the account's (Switzerland by default). */
export const profileCountryOf = (
  address: { country?: string } | null,
  user: Pick<SessionUser, "country">,
): ProfileCountry => ((address?.country ?? user.country) === "FR" ? "FR" : "CH");

export async function loadProfile(request: Request, context: AppLoadContext) {
  const user = await requireAbility(request, context, "candidate.space");
  const profile = await context.services.candidates.myProfile(user);
  return { user, profile, country: profileCountryOf(profile.address, user) };
}

export type ProfileReply = {
  intent: string;
  target: string | null;
  result: SubmissionResult<string[]>;
  saved: boolean;
  conflict: boolean;
  /** a CV suggestion the profile already holds another value for: both shown, replaced only on "replace" */
  cvConflict?: { current: string; proposed: string };
  /** why a CV suggestion was refused (the field's message) */
  cvError?: string;
};

/** The latest CV parse (the CV the person added last): its pending suggestions, or why it failed. */
export async function latestCvParse(context: AppLoadContext, user: SessionUser) {
  const [latest] = await context.services.candidates.cvSuggestions(user, user.id);
  if (!latest) return null;
  return {
    ...latest,
    pending: latest.suggestions.filter((s) => s.status === "pending"),
    decided: latest.suggestions.length - latest.suggestions.filter((s) => s.status === "pending").length,
  };
}
export type LatestCvParse = Awaited<ReturnType<typeof latestCvParse>>;

const cvRef = z.object({ documentId: z.string().uuid(), suggestionId: z.string().min(1).max(60) });

// what the place fields send besides the section's own fields
const addressForm = addressSchema.pick({ street: true, additional: true, country: true });
const criteriaForm = criteriaSchema.omit({ places: true });
const entryIdOf = (form: FormData) => {
  const id = String(form.get("entryId") ?? "");
  return z.string().uuid().safeParse(id).success ? id : null;
};

/** A place field's choice (`<name>Id`, with JavaScript) or what was typed (`<name>Text`), resolved in the country. */
function placeOf(
  context: AppLoadContext,
  form: FormData,
  name: string,
  country?: ProfileCountry,
): Locality | "unknown" | null {
  const { reference } = context.services;
  const id = String(form.get(`${name}Id`) ?? "");
  const text = String(form.get(`${name}Text`) ?? "").trim();
  const byId = id ? reference.localityById(id) : undefined;
  if (byId && (!country || byId.country === country)) return byId;
  if (!text) return null;
  return reference.bestLocality(text, country) ?? "unknown";
}

export async function profileAction({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { candidates } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const version = Number(form.get("version") ?? 0) || 0;
  const profileId = String(form.get("profileId") ?? "main");
  const entryId = entryIdOf(form);
  const current = await candidates.myProfile(user);
  const country = profileCountryOf(current.address, user);

  const reply = (
    submission: { reply: (o?: object) => SubmissionResult<string[]> },
    outcome: Partial<ProfileReply> = {},
    status = 200,
  ) =>
    json<ProfileReply>(
      { intent, target: entryId ?? profileId, result: submission.reply(), saved: false, conflict: false, ...outcome },
      { status },
    );

  async function save(submission: Parameters<typeof replyWithError>[0], run: () => Promise<unknown>) {
    const done = await attempt(run);
    if (done.ok)
      return json<ProfileReply>({
        intent,
        target: entryId ?? profileId,
        result: submission.reply({ resetForm: true }),
        saved: true,
        conflict: false,
      });
    const conflict = done.error.key === CHANGED_BY_SOMEONE_ELSE;
    return json<ProfileReply>(
      { intent, target: entryId ?? profileId, result: replyWithError(submission, done.error), saved: false, conflict },
      { status: done.status },
    );
  }

  // a CV suggestion: accepted into the profile (or its conflict shown), replaced once confirmed, or rejected
  if (intent === "cv-accept" || intent === "cv-replace" || intent === "cv-reject") {
    const submission = parseWithZod(form, { schema: z.object({}) });
    const ref = cvRef.safeParse(Object.fromEntries(form));
    const base = {
      intent,
      target: ref.success ? ref.data.suggestionId : null,
      result: submission.reply(),
      saved: false,
      conflict: false,
    };
    if (!ref.success) return json<ProfileReply>({ ...base, cvError: "failed_operation" }, { status: 400 });
    const done = await attempt(() =>
      intent === "cv-reject"
        ? candidates.rejectCvSuggestion(user, ref.data).then(() => ({ outcome: "applied" as const }))
        : candidates.applyCvSuggestion(user, ref.data, { replace: intent === "cv-replace", country }),
    );
    if (!done.ok) return json<ProfileReply>({ ...base, cvError: done.error.key }, { status: done.status });
    if (done.value.outcome === "conflict")
      return json<ProfileReply>({
        ...base,
        cvConflict: { current: done.value.current, proposed: done.value.proposed },
      });
    return json<ProfileReply>({ ...base, saved: true });
  }

  const schemas = {
    identity: identitySchema(country),
    address: addressForm,
    criteria: criteriaForm,
    languages: languagesSchema,
    about: aboutSchema,
    skills: skillsSchema,
    library: libraryVisibilitySchema,
    talentPool: talentPoolSchema,
    training: trainingSchema,
    experience: experienceSchema,
    "profile-create": namedProfileSchema,
  } as const;

  if (intent in schemas) {
    const submission = parseWithZod(form, { schema: schemas[intent as keyof typeof schemas] });
    if (submission.status !== "success") return reply(submission, {}, 400);
    const values = submission.value as Record<string, unknown>;
    switch (intent) {
      case "identity":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveIdentity", expectedVersion: version, country, values }),
        );
      case "address": {
        const v = values as z.output<typeof addressForm>;
        const place = placeOf(context, form, "locality", v.country);
        if (place === "unknown")
          return reply(
            { reply: () => submission.reply({ fieldErrors: { locality: ["validation.place_unknown"] } }) },
            {},
            400,
          );
        const located = place ? addressOfPlace(place) : {};
        return save(submission, () =>
          candidates.saveProfile(user, {
            type: "SaveAddress",
            expectedVersion: version,
            values: { ...v, country: v.country ?? place?.country, ...located },
          }),
        );
      }
      case "criteria": {
        const places: { id: string; label: string }[] = [];
        for (let i = 0; i < MAX_PLACES; i++) {
          const place = placeOf(context, form, `place${i}`);
          if (place === "unknown")
            return reply(
              { reply: () => submission.reply({ fieldErrors: { [`place${i}`]: ["validation.place_unknown"] } }) },
              {},
              400,
            );
          if (place && !places.some((p) => p.id === place.id)) places.push(criteriaPlaceOf(place));
        }
        return save(submission, () =>
          candidates.saveProfile(user, {
            type: "SaveCriteria",
            expectedVersion: version,
            profileId,
            values: { ...values, places },
          }),
        );
      }
      case "languages":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveLanguages", expectedVersion: version, values }),
        );
      case "about":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveAbout", expectedVersion: version, values }),
        );
      case "skills":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveSkills", expectedVersion: version, values }),
        );
      case "library":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveLibraryVisibility", expectedVersion: version, values }),
        );
      case "talentPool":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveTalentPool", expectedVersion: version, values }),
        );
      case "training":
      case "experience":
        return save(submission, () =>
          candidates.saveProfile(user, { type: "SaveEntry", list: intent, entryId, expectedVersion: version, values }),
        );
      case "profile-create":
        return save(submission, () =>
          candidates.saveProfile(user, {
            type: "CreateNamedProfile",
            expectedVersion: version,
            name: String(values.name),
          }),
        );
    }
  }

  // the buttons without fields: remove an entry, choose or remove a named profile
  const submission = parseWithZod(form, { schema: z.object({}) });
  switch (intent) {
    case "training-remove":
    case "experience-remove":
      if (!entryId) break;
      return save(submission, () =>
        candidates.saveProfile(user, {
          type: "RemoveEntry",
          list: intent === "training-remove" ? "training" : "experience",
          entryId,
          expectedVersion: version,
        }),
      );
    case "profile-default":
      return save(submission, () =>
        candidates.saveProfile(user, { type: "ChooseDefaultProfile", profileId, expectedVersion: version }),
      );
    case "profile-remove":
      return save(submission, () =>
        candidates.saveProfile(user, { type: "RemoveNamedProfile", profileId, expectedVersion: version }),
      );
  }
  return reply({ reply: () => submission.reply({ formErrors: ["failed_operation"] }) }, {}, 400);
}
