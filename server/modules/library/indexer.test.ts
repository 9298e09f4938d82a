import { describe, expect, it } from "vitest";
import { movedMessages, peopleOf } from "./indexer";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("the library's live moves", () => {
  it("go to each agency the candidate dealt with and to their country's agencies when visible to it", () => {
    expect(
      movedMessages([
        { id: id(1), agencyIds: ["a1"], visibleCountry: "none" },
        { id: id(2), agencyIds: ["a1", "a2"], visibleCountry: "CH" },
        // the same candidate before a change (hidden now): who saw them then hears it too
        { id: id(1), agencyIds: ["a1"], visibleCountry: "CH" },
      ]),
    ).toEqual([
      { room: "agency:a1", name: "library:moved", data: { ids: [id(1), id(2)] } },
      { room: "agency:a2", name: "library:moved", data: { ids: [id(2)] } },
      { room: "library:CH", name: "library:moved", data: { ids: [id(2), id(1)] } },
    ]);
  });

  it("split a large batch so each relayed message stays under PostgreSQL's NOTIFY limit", () => {
    const seen = Array.from({ length: 400 }, (_, i) => ({ id: id(i), agencyIds: [], visibleCountry: "FR" }));
    const messages = movedMessages(seen);
    expect(messages.map((m) => (m.data as { ids: string[] }).ids.length)).toEqual([150, 150, 100]);
    for (const m of messages) expect(Buffer.byteLength(JSON.stringify(m))).toBeLessThan(7000);
  });

  it("follow the candidate-file events, which name the candidate (never a user)", () => {
    expect(peopleOf([{ data: { agencyId: id(9), candidateId: id(1), tag: "x" } }])).toEqual([id(1)]);
  });
});
