import * as Popover from "@radix-ui/react-popover";
import { de, enGB, fr, it, pt } from "date-fns/locale";
import type { RefObject } from "react";
import { DayPicker } from "react-day-picker";

const LOCALES = { fr, en: enGB, de, it, pt } as const;
/** A day as a local date at noon, and back, so no time zone moves it. */
const dateOf = (day: string) =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

interface Props {
  day: string | null;
  min?: string;
  max?: string;
  language: string;
  onPick: (day: string) => void;
}

/**
 * The date field's calendar, under its field (the anchor) and closed by Escape or a click
 * outside; loaded with Radix's popover on first opening, so no page carries them until then.
 */
export default function DatePopover({
  anchor,
  trigger,
  open,
  onOpenChange,
  ...calendar
}: Props & {
  anchor: RefObject<HTMLElement>;
  trigger: RefObject<HTMLElement>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLElement>} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="z-50 rounded-md border bg-card p-3 shadow-md"
          data-testid="date-calendar"
          // the calendar button toggles it: a press on it is not a click outside
          onPointerDownOutside={(e) => {
            if (trigger.current?.contains(e.target as Node)) e.preventDefault();
          }}
        >
          <DateCalendar {...calendar} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The calendar in the page's language (weeks start on Monday), with month and year lists for far dates (birth dates). */
function DateCalendar({ day, min, max, language, onPick }: Props) {
  const selected = day ? dateOf(day) : undefined;
  const from = min ? dateOf(min) : undefined;
  const to = max ? dateOf(max) : undefined;
  const thisYear = new Date().getFullYear();
  return (
    <DayPicker
      mode="single"
      required={false}
      locale={LOCALES[language as keyof typeof LOCALES] ?? fr}
      weekStartsOn={1}
      captionLayout="dropdown"
      startMonth={from ?? new Date(thisYear - 100, 0)}
      endMonth={to ?? new Date(thisYear + 10, 11)}
      defaultMonth={selected ?? (from && from > new Date() ? from : undefined)}
      selected={selected}
      disabled={[...(from ? [{ before: from }] : []), ...(to ? [{ after: to }] : [])]}
      onSelect={(d) => d && onPick(dayOf(d))}
      autoFocus
      classNames={{
        root: "text-sm",
        months: "relative",
        month: "grid gap-2",
        month_caption: "flex h-8 items-center justify-center px-8",
        dropdowns: "flex gap-1",
        dropdown_root: "relative",
        dropdown: "h-8 rounded-md border border-input bg-background px-1 text-sm capitalize",
        caption_label: "hidden",
        nav: "absolute inset-x-0 top-0 flex justify-between",
        button_previous: "grid size-8 place-items-center rounded-md hover:bg-secondary disabled:opacity-30",
        button_next: "grid size-8 place-items-center rounded-md hover:bg-secondary disabled:opacity-30",
        chevron: "size-4 fill-current",
        weekday: "size-9 text-xs font-normal capitalize text-muted-foreground",
        day: "p-0 text-center",
        day_button:
          "size-9 rounded-md hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed",
        selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        today: "[&>button]:font-bold [&>button]:text-primary",
        outside: "text-muted-foreground opacity-50",
        disabled: "opacity-30",
      }}
    />
  );
}
