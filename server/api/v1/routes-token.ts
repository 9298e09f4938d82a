import { z } from "zod";
import { AppError } from "../../lib/errors";
import { REFUSAL_STATUS } from "../../modules/identity/contract";
import { ACCESS_TOKEN_SECONDS } from "./access-tokens";
import { defineRoute, type ApiBuilder } from "./route";

const TokenRequest = z
  .discriminatedUnion("grant_type", [
    z.object({
      grant_type: z.literal("password"),
      email: z.string().trim().min(1, "validation.required").max(254, "validation.too_long"),
      password: z.string().min(1, "validation.required").max(1000, "validation.too_long"),
      /** shown on the security page beside the tokens */
      client_name: z.string().trim().max(100, "validation.too_long").optional(),
    }),
    z.object({
      grant_type: z.literal("refresh_token"),
      refresh_token: z.string().min(1, "validation.required").max(200, "validation.too_long"),
    }),
  ])
  .openapi("TokenRequest");

const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string(),
  })
  .openapi("TokenResponse");

const TokenFamily = z
  .object({
    id: z.string().uuid(),
    clientName: z.string(),
    createdAt: z.string().datetime({ offset: true }),
    lastUsedAt: z.string().datetime({ offset: true }),
    current: z.boolean().describe("the family of the token making this request"),
  })
  .openapi("TokenFamily");

const Done = z.object({ ok: z.literal(true) }).openapi("Done");

/** Sign-in and rotation (OAuth 2 password and refresh_token grants), logout and the person's token families. */
export function tokenRoutes(api: ApiBuilder) {
  const { services, tokens } = api;

  defineRoute(api, {
    method: "post",
    path: "/token",
    tag: "tokens",
    summary: "Sign in (email and password) or refresh: an access token (15 min) and a new refresh token",
    description:
      "A refresh token is spent by its use; presenting a spent one again revokes its whole family (RFC 9700), " +
      "the access tokens of the family included. The password grant has the login form's rules: throttling, account states.",
    audience: "public",
    form: true,
    errors: [401, 403],
    body: TokenRequest,
    response: TokenResponse,
    async handler({ req, body }) {
      const { apiTokens } = services.identity;
      let family: { familyId: string; userId: string; refreshToken: string };
      if (body.grant_type === "password") {
        const request = new Request("http://api.local/token", {
          method: "POST",
          body: new URLSearchParams({ email: body.email, password: body.password }),
        });
        const outcome = await services.identity.signIn(
          { method: "form", request, email: body.email, ip: req.ip ?? "unknown" },
          "any",
        );
        if (outcome.outcome === "refused")
          throw new AppError(REFUSAL_STATUS[outcome.refusal] === 409 ? "conflict" : "forbidden", outcome.refusal);
        if (outcome.outcome !== "signed_in") throw new AppError("unauthenticated", "invalid_credential");
        const opened = await apiTokens.openFamily(outcome.user.id, body.client_name || "API client");
        family = { ...opened, userId: outcome.user.id };
      } else {
        family = await apiTokens.rotate(body.refresh_token);
      }
      return {
        access_token: await tokens.sign({ userId: family.userId, familyId: family.familyId }),
        token_type: "Bearer" as const,
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: family.refreshToken,
      };
    },
  });

  defineRoute(api, {
    method: "post",
    path: "/token/revoke",
    tag: "tokens",
    summary: "Revoke the family of a refresh token (RFC 7009: the answer is the same for any token)",
    audience: "public",
    form: true,
    body: z.object({ token: z.string().min(1, "validation.required").max(200, "validation.too_long") }),
    response: Done,
    async handler({ body }) {
      await services.identity.apiTokens.revokeByRefreshToken(body.token);
      return { ok: true as const };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/tokens",
    tag: "tokens",
    summary: "The person's live token families (as the security page lists them)",
    audience: "any",
    response: z.array(TokenFamily),
    async handler({ user, familyId }) {
      const families = await services.identity.apiTokens.familiesOf(user!.id);
      return families.map((f) => ({
        id: f.id,
        clientName: f.clientName,
        createdAt: f.createdAt.toISOString(),
        lastUsedAt: f.lastUsedAt.toISOString(),
        current: f.id === familyId,
      }));
    },
  });

  defineRoute(api, {
    method: "delete",
    path: "/me/tokens/{id}",
    tag: "tokens",
    summary: "Revoke one of the person's token families (the current one too: that is a logout)",
    audience: "any",
    params: z.object({ id: z.string().max(64) }),
    response: Done,
    async handler({ user, params }) {
      await services.identity.apiTokens.revokeFamilyOf(user!.id, params.id);
      return { ok: true as const };
    },
  });
}
