import { createEvents, type EventAttributes } from "ics";
import { CALENDAR_MINUTES } from "./rules";

export interface CalendarItem {
  id: string;
  kind: string;
  subject: string | null;
  notes: string | null;
  dueAt: Date;
  doneAt: Date | null;
  version: number;
}

/**
 * A person's tasks and meetings as an RFC 5545 calendar (the `ics` library escapes, folds and ends
 * lines with CRLF). Times in UTC; a stable UID per activity and its version as SEQUENCE, so a
 * calendar that polls the feed moves an event rather than adding a copy; a done task is COMPLETED.
 */
export function calendarFile(items: CalendarItem[], { name, link }: { name: string; link: string }): string {
  const events: EventAttributes[] = items.map((i) => ({
    uid: `activity-${i.id}@missio`,
    sequence: i.version,
    start: i.dueAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: CALENDAR_MINUTES[i.kind] ?? 30 },
    title: i.subject ?? "—",
    description: i.notes ?? undefined,
    url: link,
    categories: [i.kind],
    status: i.doneAt ? "CANCELLED" : "CONFIRMED",
    productId: "missio/activities",
    calName: name,
  }));
  const { error, value } = createEvents(events, { productId: "missio/activities", calName: name });
  if (error) throw error;
  return foldOctets(value ?? "");
}

/**
 * RFC 5545 3.1: a content line is at most 75 octets, continued on lines that start with a space.
 * The library folds by characters, so accented text (2 octets each) overflows: the lines are
 * unfolded and folded again by octets, never inside a character.
 */
export function foldOctets(ics: string): string {
  const encoder = new TextEncoder();
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines
    .map((line) => {
      const parts: string[] = [];
      let part = "";
      let size = 0;
      for (const char of line) {
        const octets = encoder.encode(char).length;
        // 75 octets on the first line; the continuation's leading space counts on the others
        if (size + octets > (parts.length === 0 ? 75 : 74)) {
          parts.push(part);
          part = "";
          size = 0;
        }
        part += char;
        size += octets;
      }
      parts.push(part);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}
