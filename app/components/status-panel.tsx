import { useTranslation } from "react-i18next";

/**
 * A modal message rendered by the server (no portal), so it also shows without JavaScript:
 * login outcomes, token problems and the like. `children` holds its actions.
 */
export function StatusPanel({
  titleKey,
  textKey,
  children,
  testId,
}: {
  titleKey: string;
  textKey: string;
  children: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${testId}-title`}
        className="grid w-full max-w-md gap-4 rounded-lg border bg-card p-6 shadow-lg"
        data-testid={testId}
      >
        <h2 id={`${testId}-title`} className="text-lg font-semibold">
          {t(titleKey)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(textKey)}</p>
        <div className="flex flex-wrap justify-end gap-2">{children}</div>
      </div>
    </div>
  );
}
