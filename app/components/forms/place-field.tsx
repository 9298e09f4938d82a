import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { LocationSearch } from "~/routes/_resources+/locations.search";
import { cn } from "~/utils/cn";
import type { Locality, LocalityCountry } from "#server/modules/reference/localities";
import { ErrorList, useEditedErrors } from "./errors";

/** The translation namespace of this field: add it to the `handle.i18n` of routes that use it. */
export const PLACES_NS = "places";

/** Characters (spaces aside) before the field searches; the server answers nothing under. */
const MIN_CHARS = 3;
const DEBOUNCE_MS = 150;

/** "Lyon (69003, Auvergne-Rhône-Alpes)": how a chosen place shows in the field. */
export function localityLabel(l: Pick<Locality, "name" | "postalCode" | "region">): string {
  return `${l.name} (${[l.postalCode, l.region].filter(Boolean).join(", ")})`;
}

export interface PlaceFieldProps {
  /** the form gets `${name}Id` (the chosen locality's id, JavaScript only) and `${name}Text` (what is typed) */
  name: string;
  label: string;
  defaultValue?: { id: string; label: string };
  /** only places of that country */
  country?: LocalityCountry;
  /** translation keys (namespaces places, then common) */
  errors?: string[];
  placeholder?: string;
  testId?: string;
  /** told of each choice, and of null when the person types again */
  onSelect?: (locality: Locality | null) => void;
}

type Status = "idle" | "short" | "loading" | "done" | "error";

/**
 * A place search (spec: "Place search needs at least 3 characters"): a combobox that suggests
 * French and Swiss localities from 3 characters (GET /locations/search, debounced), chosen with
 * the arrow keys and Enter or the mouse. The choice fills the hidden `${name}Id` and shows as
 * "Name (postal code, region)". Without JavaScript it is a plain text input, `${name}Text`,
 * which the server resolves with `services.reference.bestLocality`; so the server reads
 * `${name}Id` first and falls back to `${name}Text`.
 */
export function PlaceField({
  name,
  label,
  defaultValue,
  country,
  errors,
  placeholder,
  testId = "place-field",
  onSelect,
}: PlaceFieldProps) {
  const { t, i18n } = useTranslation([PLACES_NS, "common"], { nsMode: "fallback" });
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const statusId = `${id}-status`;
  const errorId = `${id}-errors`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const hydrated = useHydrated();
  const [text, setText] = useState(defaultValue?.label ?? "");
  const [chosenId, setChosenId] = useState(defaultValue?.id ?? "");
  /** what to search: set when the person types, null once they chose */
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<Locality[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { errors: shownErrors, onInput } = useEditedErrors(errors);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (query === null) return;
    if (query.replace(/\s/g, "").length < MIN_CHARS) {
      setOptions([]);
      setActive(-1);
      setStatus(query.trim() ? "short" : "idle");
      return;
    }
    const controller = new AbortController();
    setStatus("loading");
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, lng: i18n.language });
      if (country) params.set("country", country);
      fetch(`/locations/search?${params}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) =>
          response.ok
            ? (response.json() as Promise<LocationSearch>)
            : Promise.reject(new Error(`place search: ${response.status}`)),
        )
        .then((answer) => {
          setOptions(answer.localities);
          setActive(-1);
          setStatus("done");
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setStatus("error");
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, country, i18n.language]);

  const expanded = hydrated && open && options.length > 0;

  function choose(locality: Locality) {
    setChosenId(locality.id);
    setText(localityLabel(locality));
    setQuery(null);
    setOptions([]);
    setStatus("idle");
    setOpen(false);
    setActive(-1);
    onSelectRef.current?.(locality);
  }

  function type(value: string) {
    setText(value);
    setQuery(value);
    setOpen(true);
    onInput();
    if (chosenId) {
      setChosenId("");
      onSelectRef.current?.(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((a) => (open ? (a + 1) % count : 0));
        return;
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((a) => (!open || a <= 0 ? count - 1 : a - 1));
        return;
      case "Enter":
        // with suggestions showing, Enter chooses (the highlighted one, else the first) rather than submitting
        if (!expanded) return;
        event.preventDefault();
        choose(options[active >= 0 ? active : 0]!);
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          type("");
        }
        return;
      case "Tab":
        setOpen(false);
        return;
    }
  }

  const message =
    status === "short"
      ? t("minChars", { min: MIN_CHARS })
      : status === "loading"
        ? t("loading")
        : status === "error"
          ? t("unavailable")
          : status === "done"
            ? options.length
              ? t("results", { number: options.length })
              : t("noResult")
            : "";
  const describedBy =
    [hydrated ? statusId : null, shownErrors?.length ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="relative grid content-start gap-1.5" data-testid={testId}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        name={`${name}Text`}
        type="text"
        value={text}
        onChange={(e) => type(e.target.value)}
        placeholder={placeholder}
        maxLength={120}
        spellCheck={false}
        aria-invalid={shownErrors?.length ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`${testId}-input`}
        {...(hydrated
          ? {
              role: "combobox",
              autoComplete: "off",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              onKeyDown,
              onFocus: () => setOpen(true),
              onBlur: () => setOpen(false),
            }
          : {})}
      />
      {hydrated && <input type="hidden" name={`${name}Id`} value={chosenId} data-testid={`${testId}-id`} />}
      {hydrated && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-auto rounded-md border border-input bg-background p-1 shadow-md"
          data-testid={`${testId}-options`}
        >
          {options.map((l, i) => (
            <li
              key={l.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={cn(
                "flex cursor-pointer items-baseline justify-between gap-2 rounded-sm px-2 py-1.5 text-sm",
                i === active && "bg-accent text-accent-foreground",
              )}
              // keep the focus in the input, so the click lands and the list does not close first
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => choose(l)}
              data-testid={`${testId}-option`}
              data-locality-id={l.id}
            >
              <span>
                <span className="font-medium">{l.name}</span>{" "}
                <span className="text-muted-foreground">({[l.postalCode, l.region].filter(Boolean).join(", ")})</span>
              </span>
              <span className="text-xs text-muted-foreground">{l.country}</span>
            </li>
          ))}
        </ul>
      )}
      {hydrated && (
        <p
          id={statusId}
          role="status"
          aria-live="polite"
          className="min-h-4 text-xs text-muted-foreground"
          data-testid={`${testId}-status`}
        >
          {open || status === "short" ? message : ""}
        </p>
      )}
      <ErrorList id={errorId} errors={shownErrors} ns={[PLACES_NS, "common"]} />
    </div>
  );
}
