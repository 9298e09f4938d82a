import { forwardRef, lazy, Suspense, useEffect, useRef, useState, type InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/utils/cn";
import { dayToText, textToDay } from "~/utils/day-text";

// the calendar (react-day-picker, the date-fns locales, Radix's popover) loads when first opened
const DatePopover = lazy(() => import("./date-calendar"));

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "defaultValue"> & {
  defaultValue?: string | number | readonly string[];
};

/**
 * A date field in the page's language: typed as DD/MM/YYYY (the spec's format, in every
 * language) or picked in a calendar that speaks the page's language, where the browser's own
 * date input speaks the browser's. The form still sends the day as YYYY-MM-DD under the
 * field's name (a hidden input); text that is no date is sent as typed, so the server's
 * message shows with the input kept. Without JavaScript the browser's date input stands in.
 */
export const DateInput = forwardRef<HTMLInputElement, Props>(function DateInput(
  { name, defaultValue, min, max, className, onChange, onBlur, form, ...props },
  ref,
) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const initial = String(defaultValue ?? "");
  const [text, setText] = useState(() => dayToText(initial));
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // a new value from the page (a reply, another address) replaces what was typed
  useEffect(() => setText(dayToText(initial)), [initial]);
  const own = useRef<HTMLInputElement | null>(null);
  const forward = (el: HTMLInputElement | null) => {
    if (typeof ref === "function") ref(el);
    else if (ref) ref.current = el;
  };
  const native = useRef<HTMLInputElement | null>(null);
  const typedBefore = useRef<string | null>(null);
  useEffect(() => {
    if (hydrated && typedBefore.current && typedBefore.current !== initial) setText(dayToText(typedBefore.current));
    // only when the page comes alive; `initial` changes are handled above
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  const classes = cn(
    "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive",
    className,
  );
  if (!hydrated)
    return (
      <input
        ref={(el) => {
          // the browser's date input goes when the page comes alive: a day typed into it before that is kept
          if (el) native.current = el;
          else if (native.current) typedBefore.current = native.current.value;
          forward(el);
        }}
        type="date"
        name={name}
        defaultValue={initial}
        min={min}
        max={max}
        form={form}
        className={classes}
        onChange={onChange}
        onBlur={onBlur}
        {...props}
      />
    );
  const day = textToDay(text);
  return (
    <div ref={box} className="relative w-full min-w-0">
      <input
        ref={(el) => {
          own.current = el;
          forward(el);
        }}
        type="text"
        inputMode="numeric"
        placeholder={t("dates.placeholder")}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          onChange?.(e);
        }}
        onBlur={(e) => {
          // a day typed another way (24.11.2026) reads back as the others do
          setText((typed) => dayToText(textToDay(typed)));
          onBlur?.(e);
        }}
        className={cn(classes, "pr-10")}
        {...props}
      />
      <input type="hidden" name={name} value={day} form={form} />
      <button
        ref={trigger}
        type="button"
        disabled={props.disabled || props.readOnly}
        aria-label={t("dates.pick")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
        className="absolute right-1 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
        data-testid="date-pick"
      >
        <CalendarIcon />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <DatePopover
            anchor={box}
            trigger={trigger}
            open={open}
            onOpenChange={setOpen}
            day={/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null}
            min={typeof min === "string" ? min : undefined}
            max={typeof max === "string" ? max : undefined}
            language={i18n.language}
            onPick={(picked) => {
              setText(dayToText(picked));
              setOpen(false);
              own.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
});

/** Lucide's calendar-days, inline: date fields sit on pages (login) that load no other icon. */
function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d="M8 2v4M16 2v4M3 10h18M8 14h.01M12 14h.01M16 14h.01M8 18h.01M12 18h.01M16 18h.01" />
      <rect width="18" height="18" x="3" y="4" rx="2" />
    </svg>
  );
}
