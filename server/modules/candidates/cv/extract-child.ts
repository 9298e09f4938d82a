/**
 * The child process of cv/sandbox.ts: reads one file with extractText and sends back its progress
 * and result. It holds nothing else (no database, no server), so killing it loses nothing.
 */
import type { ChildMessage, ChildRequest } from "./sandbox";
import { extractText } from "./text";

const send = (message: ChildMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

// the server gone (restarted, killed), nobody waits for the text: stop at once
process.once("disconnect", () => process.exit(0));

process.once("message", (request: ChildRequest) => {
  void (async () => {
    const result = await extractText(request.bytes, request.mime, {
      ...request.options,
      onProgress: ({ page, pages }) => void send({ type: "progress", page, pages }),
    });
    await send({ type: "result", result });
    process.exit(0);
  })();
});
