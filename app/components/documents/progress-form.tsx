import { Form, useMatches, useNavigate } from "@remix-run/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A multipart form that shows how much of its file has been sent. Without JavaScript it is a
 * plain form posting to the route's action. With JavaScript, a submission carrying a file goes
 * by XMLHttpRequest (fetch has no upload progress) to the same action as a Remix data request
 * (`?_data=<route id>`): a redirect comes back as 204 with X-Remix-Redirect and is followed
 * with `navigate` (the loaders run again), any other answer is the action's data, handed to
 * `onReply` so the form shows its errors with what the person typed (and the chosen file) kept.
 */
export function ProgressForm<Reply>({
  onReply,
  formProps,
  className,
  testId,
  children,
}: {
  onReply: (reply: Reply) => void;
  formProps: { id?: string; onSubmit?: (event: FormEvent<HTMLFormElement>) => void; noValidate?: boolean };
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("documents");
  const navigate = useNavigate();
  const routeId = useMatches().at(-1)?.id ?? "";
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit?.(event);
    if (event.defaultPrevented) return; // refused by the form's own checks
    const form = event.currentTarget;
    const file = form.querySelector<HTMLInputElement>('input[type="file"]');
    if (!file?.files?.length) return; // nothing to upload: Remix submits it as usual
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const body = new FormData(form, submitter);
    const url = new URL(form.action || window.location.href, window.location.href);
    url.searchParams.set("_data", routeId);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url.pathname + url.search);
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = xhr.onabort = () => {
      setPercent(null);
      setFailed(true);
    };
    xhr.onload = () => {
      setPercent(null);
      const redirect = xhr.getResponseHeader("X-Remix-Redirect");
      if (redirect) return navigate(redirect);
      try {
        onReply(JSON.parse(xhr.responseText) as Reply);
      } catch {
        setFailed(true);
      }
    };
    setFailed(false);
    setPercent(0);
    xhr.send(body);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={onSubmit}
      className={className}
      data-testid={testId}
    >
      {children}
      {percent !== null && (
        <div className="grid gap-1 text-sm" role="status" data-testid="upload-progress">
          <progress value={percent} max={100} className="h-2 w-full" aria-label={t("upload.progress", { percent })} />
          <span>{t("upload.progress", { percent })}</span>
        </div>
      )}
      {failed && (
        <p className="text-sm text-destructive" role="alert">
          {t("upload.failed")}
        </p>
      )}
    </Form>
  );
}
