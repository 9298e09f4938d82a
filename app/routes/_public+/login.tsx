import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { homeFor, redirectSignedIn } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/preferences.server";
import { AppError } from "../../../server/lib/errors";

export const meta: MetaFunction = () => [{ title: "Missio" }];

const schema = z.object({
  email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
  password: z.string({ required_error: "validation.required" }),
  // the candidate / agency toggle of spec section 6: 0 candidate, 1 agency
  is_candidate: z.enum(["0", "1"]).default("0"),
  redirectTo: z.string().optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const submission = parseWithZod(await request.clone().formData(), { schema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: ["password"] }), modal: null }, { status: 400 });

  let user;
  try {
    user = await services.authenticator.authenticate("form", request);
  } catch (error) {
    const key = error instanceof AppError ? error.key : "failed_operation";
    if (!(error instanceof AppError)) services.logger.error({ err: error }, "login failed");
    return json({ result: submission.reply({ formErrors: [key], hideFields: ["password"] }), modal: null }, { status: 401 });
  }
  const wantsCandidate = submission.value.is_candidate === "0";
  if (wantsCandidate !== (user.role === "CANDIDATE")) {
    // another combination: no session is opened and the person is told which space to use
    return json({ result: submission.reply({ hideFields: ["password"] }), modal: "WRONG_ACCOUNT_TYPE" as const }, { status: 403 });
  }

  const session = await services.sessions.getSession(null);
  session.set("userId", user.id);
  const cookie = await services.sessions.commit(session);
  const sessionId = await services.sessions.idFromCookie(cookie);
  if (sessionId) await services.identity.sessionStarted(sessionId, user.id, user.agencyId ?? undefined);
  return redirect(safeRedirect(submission.value.redirectTo, homeFor(user.role)), { headers: { "Set-Cookie": cookie } });
}

export default function Login() {
  const { t } = useTranslation();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: data?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue: { is_candidate: "0" },
  });
  const accountType = fields.is_candidate.value ?? fields.is_candidate.initialValue ?? "0";

  return (
    <div className="card-surface w-full max-w-md p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("login.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("login.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <fieldset className="grid grid-cols-2 gap-1 rounded-md bg-muted p-1" aria-label={t("login.accountType")}>
          {(["0", "1"] as const).map((v) => (
            <label key={v} className="cursor-pointer rounded px-3 py-2 text-center text-sm has-[:checked]:bg-card has-[:checked]:font-semibold has-[:checked]:shadow-sm">
              <input type="radio" name={fields.is_candidate.name} value={v} defaultChecked={accountType === v} className="sr-only" data-testid={`account-type-${v}`} />
              {t(v === "0" ? "login.candidate" : "login.agency")}
            </label>
          ))}
        </fieldset>
        <TextField label={t("login.email")} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={t("login.password")} meta={fields.password} type="password" autoComplete="current-password" />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={navigation.state === "submitting"} data-testid="login-submit">
          {t("login.submit")}
        </Button>
      </Form>
      <Dialog open={data?.modal === "WRONG_ACCOUNT_TYPE"}>
        <DialogContent data-testid="wrong-account-type">
          <DialogTitle>{t("login.WRONG_ACCOUNT_TYPE.title")}</DialogTitle>
          <DialogDescription>{t("login.WRONG_ACCOUNT_TYPE.text")}</DialogDescription>
          <Button asChild>
            <a href="/login">{t("actions.ok")}</a>
          </Button>
        </DialogContent>
      </Dialog>
    </div>
  );
}
