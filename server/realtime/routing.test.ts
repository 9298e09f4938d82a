import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../event-store/types";
import { roomsFor, roomsOfUser } from "./routing";

const event = (type: string, data: Record<string, unknown>, metadata: Record<string, unknown>) =>
  ({ type, data, metadata, streamId: "s", globalPosition: 1 }) as unknown as StoredEvent;

describe("socket rooms", () => {
  it("agency staff join the agency and planning rooms; client users only their company's", () => {
    expect(roomsOfUser({ id: "u1", role: "ADMIN_CONSULTANT", agencyId: "a1", clientId: null }, "s1")).toEqual([
      "user:u1",
      "session:s1",
      "agency:a1",
      "planning:a1",
    ]);
    // and, given their agency's country, that country's library room (candidates visible to all its agencies)
    expect(roomsOfUser({ id: "u1", role: "ADMIN_CONSULTANT", agencyId: "a1", clientId: null }, "s1", "CH")).toEqual([
      "user:u1",
      "session:s1",
      "agency:a1",
      "planning:a1",
      "library:CH",
    ]);
    expect(roomsOfUser({ id: "u2", role: "CLIENT", agencyId: "a1", clientId: "c1" }, "s2", "CH")).not.toContain(
      "library:CH",
    );
    expect(roomsOfUser({ id: "u2", role: "CLIENT", agencyId: "a1", clientId: "c1" }, "s2")).toEqual([
      "user:u2",
      "session:s2",
      "client:c1",
    ]);
    expect(roomsOfUser({ id: "u3", role: "MANAGER_CLIENT", agencyId: "a1", clientId: "c1" }, "s3")).toEqual([
      "user:u3",
      "session:s3",
      "client:c1",
    ]);
    expect(roomsOfUser({ id: "u4", role: "CANDIDATE", agencyId: null, clientId: null }, "s4")).toEqual([
      "user:u4",
      "session:s4",
    ]);
    expect(roomsOfUser({ id: "u5", role: "PLATFORM_ADMIN", agencyId: null, clientId: null }, "s5")).toEqual([
      "user:u5",
      "session:s5",
      "admin",
    ]);
  });

  it("an order or ad of a client company goes to that company's room, not to other clients", () => {
    expect(roomsFor(event("OrderPlaced", { clientId: "c1" }, { tenant: "a1" }))).toEqual(["agency:a1", "client:c1"]);
    expect(roomsFor(event("OrderEdited", {}, { tenant: "a1", clientId: "c1" }))).toEqual(["agency:a1", "client:c1"]);
    expect(roomsFor(event("AdPublished", {}, { tenant: "a1" }))).toEqual(["agency:a1"]);
    expect(roomsFor(event("OrderMemoWritten", {}, { tenant: "a1", clientId: "c1" }))).toEqual(["agency:a1"]);
  });
});
