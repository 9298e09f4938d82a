import * as React from "react";

/**
 * A <textarea> that keeps what was typed before the page hydrated. React 18 hydrates a textarea
 * by putting its server text back as its value (an <input> keeps what was typed): a form sent back
 * refused had the corrected text replaced by the refused one, and sent it again. While the page
 * hydrates, React is given the text on screen as the default, so it leaves the value alone.
 */
export const Textarea = React.forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(
  (props, ref) => {
    const typed = props.value === undefined ? typedBeforeHydration(props.id) : undefined;
    return <textarea ref={ref} {...props} {...(typed !== undefined && { defaultValue: typed })} />;
  },
);
Textarea.displayName = "Textarea";

/** The server-rendered textarea's current value while the page hydrates (root.tsx and OpenPage say when it is done). */
function typedBeforeHydration(id: string | undefined): string | undefined {
  if (typeof document === "undefined" || !id || document.documentElement.dataset.hydrated === "true") return undefined;
  const shown = document.getElementById(id);
  return shown instanceof HTMLTextAreaElement ? shown.value : undefined;
}
