import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusPanel } from "~/components/status-panel";
import { Button } from "~/components/ui/button";
import type { OutcomeModal } from "~/utils/social-login.server";
import type { Modal } from "~/routes/_public+/login.server";

/**
 * The login page's answer that is not a sign-in (spec section 4): wrong account type, an account
 * to reactivate, disabled by its agency, not verified yet, an unknown email, a verification sent.
 * `accountType`: the tab the form was sent from (the wrong-account-type answer leads to the other).
 */
export function LoginModal({ modal, accountType }: { modal: Modal | OutcomeModal | null; accountType: string }) {
  const { t } = useTranslation();
  const close = (
    <Button asChild variant="outline">
      <Link to="/login">{t("actions.close")}</Link>
    </Button>
  );
  return (
    <>
      {modal === "WRONG_ACCOUNT_TYPE" && (
        <StatusPanel
          testId="wrong-account-type"
          titleKey="login.WRONG_ACCOUNT_TYPE.title"
          textKey="login.WRONG_ACCOUNT_TYPE.text"
        >
          <Button asChild>
            {/* a fresh page: the form's tab is set when it is first drawn */}
            <Link
              to={`/login?type=${accountType === "1" ? "0" : "1"}`}
              reloadDocument
              data-testid="wrong-account-type-ok"
            >
              {t("actions.ok")}
            </Link>
          </Button>
        </StatusPanel>
      )}
      {modal === "REACTIVATE_ACCOUNT" && (
        <StatusPanel
          testId="reactivate-account"
          titleKey="login.REACTIVATE_ACCOUNT.title"
          textKey="login.REACTIVATE_ACCOUNT.text"
        >
          {close}
          <Form method="post">
            <Button type="submit" name="intent" value="reactivate" data-testid="reactivate">
              {t("login.REACTIVATE_ACCOUNT.action")}
            </Button>
          </Form>
        </StatusPanel>
      )}
      {modal === "ACCOUNT_DISABLED_BY_AGENCY" && (
        <StatusPanel
          testId="disabled-by-agency"
          titleKey="login.ACCOUNT_DISABLED_BY_AGENCY.title"
          textKey="login.ACCOUNT_DISABLED_BY_AGENCY.text"
        >
          {close}
        </StatusPanel>
      )}
      {modal === "ACCOUNT_MERGED" && (
        <StatusPanel testId="account-merged" titleKey="login.ACCOUNT_MERGED.title" textKey="login.ACCOUNT_MERGED.text">
          {close}
        </StatusPanel>
      )}
      {modal === "AGENCY_NOT_VERIFIED_ACCOUNT" && (
        <StatusPanel
          testId="agency-not-verified"
          titleKey="login.AGENCY_NOT_VERIFIED_ACCOUNT.title"
          textKey="login.AGENCY_NOT_VERIFIED_ACCOUNT.text"
        >
          {close}
        </StatusPanel>
      )}
      {modal === "not_verified_account" && (
        <StatusPanel
          testId="not-verified"
          titleKey="login.not_verified_account.title"
          textKey="login.not_verified_account.text"
        >
          {close}
          <Form method="post">
            <Button type="submit" name="intent" value="resend" data-testid="resend-verification">
              {t("login.not_verified_account.action")}
            </Button>
          </Form>
        </StatusPanel>
      )}
      {modal === "unsaved_mail" && (
        <StatusPanel testId="unsaved-mail" titleKey="unsaved_mail_title" textKey="unsaved_mail_subtitle">
          {close}
          <Button asChild variant="outline">
            <Link to="/register/agency">{t("login.registerAgency")}</Link>
          </Button>
          <Button asChild>
            <Link to="/register/user">{t("login.registerCandidate")}</Link>
          </Button>
        </StatusPanel>
      )}
      {modal === "verification_sent" && (
        <StatusPanel
          testId="verification-sent"
          titleKey="login.verification_sent.title"
          textKey="login.verification_sent.text"
        >
          {close}
        </StatusPanel>
      )}
    </>
  );
}
