import { useLive } from "~/hooks/use-live";

/** Platform admins: the Support badge's count follows new requests and replies (the admins' room). */
export function SupportLive() {
  useLive((e) => e.streamId.startsWith("support-"));
  return null;
}
