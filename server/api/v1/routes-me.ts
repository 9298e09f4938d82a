import type { Request } from "express";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { MAX_UPLOAD_BYTES, uploadDocumentSchema } from "../../modules/candidates/contract";
import { readMultipart } from "./multipart";
import { zodAppError } from "./problem";
import { defineRoute, type ApiBuilder } from "./route";
import { Created, Document, Done, Me } from "./schemas";

const DocumentForm = z
  .object({
    category: z.string().describe("cv, diploma, permit, id, certificate, ..."),
    expiresAt: z.string().optional().describe("YYYY-MM-DD"),
    file: z.string().openapi({ format: "binary" }).describe("PDF, Word or image, 2 MB at most"),
  })
  .openapi("DocumentForm");

const readDocument = (req: Request) =>
  readMultipart(req, { field: "file", maxBytes: MAX_UPLOAD_BYTES, tooLargeKey: "document_too_large" });

/** The person's account and the candidate's documents. */
export function meRoutes(api: ApiBuilder) {
  const { services } = api;

  defineRoute(api, {
    method: "get",
    path: "/me",
    tag: "profile",
    summary: "The person the token is for",
    audience: "any",
    response: Me,
    async handler({ user }) {
      const u = user!;
      return {
        id: u.id,
        email: u.email,
        role: u.role,
        firstName: u.firstName,
        lastName: u.lastName,
        locale: u.locale,
        country: u.country,
        agencyId: u.agencyId,
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/documents",
    tag: "documents",
    summary: "The candidate's documents",
    audience: "candidate",
    response: z.array(Document),
    async handler({ user }) {
      return services.candidates.myDocuments(user!);
    },
  });

  defineRoute(api, {
    method: "post",
    path: "/me/documents",
    tag: "documents",
    summary: "Upload a document (the documents page's checks: content by magic bytes, 2 MB)",
    audience: "candidate",
    multipart: { schema: DocumentForm, read: readDocument },
    status: 201,
    response: Created,
    async handler({ user, body }) {
      const parsed = uploadDocumentSchema.safeParse({ ...body.fields, intent: "upload" });
      if (!parsed.success) throw zodAppError(parsed.error);
      if (!body.file) throw new AppError("invalid", "validation.required", "file");
      const id = await services.candidates.addDocument(user!, {
        category: parsed.data.category,
        expiresAt: parsed.data.expiresAt,
        upload: body.file,
      });
      return { id };
    },
  });

  defineRoute(api, {
    method: "delete",
    path: "/me/documents/{id}",
    tag: "documents",
    summary: "Remove one of the candidate's documents (a CV an application still sends keeps its file)",
    audience: "candidate",
    params: z.object({ id: z.string().max(64) }),
    response: Done,
    async handler({ user, params }) {
      await services.candidates.removeDocument(user!, params.id);
      return { ok: true as const };
    },
  });
}
