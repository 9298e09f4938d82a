import { z } from "zod";
import {
  FOLDER_BULK_ADD_MAX,
  FOLDER_DESCRIPTION_MAX_LENGTH,
  FOLDER_NAME_MAX_LENGTH,
  FOLDER_VISIBILITIES,
} from "./rules";

/** The folders' forms (conform on the page, the same schema in the command). Errors are keys of folders.json. */
const name = z
  .string({ required_error: "errors.nameRequired" })
  .trim()
  .min(1, "errors.nameRequired")
  .max(FOLDER_NAME_MAX_LENGTH, "errors.nameTooLong");
const description = z.string().trim().max(FOLDER_DESCRIPTION_MAX_LENGTH, "errors.descriptionTooLong").default("");
const visibility = z.enum(FOLDER_VISIBILITIES, { errorMap: () => ({ message: "errors.visibility" }) });

export const createFolderSchema = z.object({ name, description, visibility: visibility.default("private") });
export type CreateFolderInput = z.output<typeof createFolderSchema>;
export const editFolderSchema = z.object({ name, description });
export type EditFolderInput = z.output<typeof editFolderSchema>;
export const visibilitySchema = z.object({ visibility });

/** One candidate or several (`candidateId` repeated: the library's bulk selection posts them so). */
export const addCandidatesSchema = z.object({
  candidateId: z
    .union([z.string(), z.array(z.string())], { required_error: "errors.candidateRequired" })
    .transform((v) => [...new Set(Array.isArray(v) ? v : [v])])
    .pipe(
      z
        .array(z.string().uuid("errors.candidateNotFound"))
        .min(1, "errors.candidateRequired")
        .max(FOLDER_BULK_ADD_MAX, "errors.tooManyAtOnce"),
    ),
  /** where to go back to (a local path), the page the control was on */
  back: z.string().optional(),
});
export const removeCandidateSchema = z.object({ candidateId: z.string().uuid() });
export const moveCandidateSchema = z.object({
  candidateId: z.string().uuid(),
  position: z.coerce.number().int().min(0).max(10_000),
});
export const folderIdSchema = z.object({ folderId: z.string().uuid() });
