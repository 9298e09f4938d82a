import { describe, expect, it } from "vitest";
import { withPeer, type Peer } from "~/components/planning/presence";

const anna = (seq: number, drag: Peer["drag"]): Peer => ({
  socketId: "s1",
  userId: "u1",
  name: "Anna",
  selection: "a1",
  drag,
  seq,
});
const moving = { assignmentId: "a1", day: "2026-12-01", startMin: 480, endMin: 1020, kind: "move" as const };

describe("presence of the other editors", () => {
  it("keeps a peer's latest message when an older one arrives after it", () => {
    const dropped = withPeer({}, anna(8, null));
    const late = withPeer(dropped, anna(7, moving));
    expect(late.s1!.drag).toBeNull();
    expect(late).toBe(dropped);
  });

  it("takes a newer message, and tells sockets apart", () => {
    const peers = withPeer(withPeer({}, anna(1, null)), anna(2, moving));
    expect(peers.s1!.drag).toEqual(moving);
    const both = withPeer(peers, { ...anna(1, null), socketId: "s2", userId: "u2", name: "Luca" });
    expect(Object.keys(both).sort()).toEqual(["s1", "s2"]);
  });
});
