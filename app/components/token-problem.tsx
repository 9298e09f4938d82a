import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** A mailed link that is forged, used or expired: say so and offer the way forward. */
export function TokenProblem({ state, retry, retryKey }: { state: string; retry: string; retryKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="card-surface grid w-full max-w-md gap-4 p-8" data-testid="token-problem">
      <h1 className="text-2xl font-semibold">{t(`tokens.${state}.title`)}</h1>
      <p className="text-sm text-muted-foreground">{t(`tokens.${state}.text`)}</p>
      <Button asChild>
        <Link to={retry}>{t(retryKey)}</Link>
      </Button>
    </div>
  );
}
