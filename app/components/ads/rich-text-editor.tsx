import type { FieldMetadata } from "@conform-to/react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  Unlink,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, useEditedErrors } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/utils/cn";

const NS = ["ads", "common"];

/** Only what the server keeps (server/modules/missions/description.ts): no code, no rules, h2-h3. */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], defaultProtocol: "https" },
  }),
];

const contentStyle =
  "[&_.ProseMirror]:min-h-48 [&_.ProseMirror]:px-3 [&_.ProseMirror]:py-2 [&_.ProseMirror]:outline-none [&_.ProseMirror_p]:my-2 [&_.ProseMirror_h2]:mt-3 [&_.ProseMirror_h2]:text-lg [&_.ProseMirror_h2]:font-semibold [&_.ProseMirror_h3]:mt-2 [&_.ProseMirror_h3]:font-semibold [&_.ProseMirror_ul]:list-disc [&_.ProseMirror_ul]:pl-6 [&_.ProseMirror_ol]:list-decimal [&_.ProseMirror_ol]:pl-6 [&_.ProseMirror_blockquote]:border-l-4 [&_.ProseMirror_blockquote]:pl-3 [&_.ProseMirror_blockquote]:text-muted-foreground [&_.ProseMirror_a]:text-primary [&_.ProseMirror_a]:underline";

/**
 * The ad description as rich text (TipTap). With JavaScript the editor writes its HTML into the
 * hidden `description` field (empty when there is no text, so "required" holds); without, it is a
 * plain textarea whose text the server turns into paragraphs. The server cleans both. The hidden
 * field is written directly and announced with an input event, which is how conform follows a
 * field's changes.
 */
export function RichTextEditor({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const id = useId();
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : "";
  const hidden = useRef<HTMLInputElement>(null);
  // the editor's HTML as state too: React writes an input's value again on every render, so a
  // re-render of the form (another field changing) must write this, never the initial value
  const [html, setHtml] = useState(initial);
  const { errors, onInput } = useEditedErrors(meta.errors);
  const editor = useEditor({
    extensions,
    content: initial,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        "data-testid": "description-editor",
      },
    },
    onUpdate: ({ editor: e }) => {
      onInput();
      const value = e.isEmpty ? "" : e.getHTML();
      setHtml(value);
      const input = hidden.current;
      if (!input) return;
      input.value = value;
      // the form library revalidates a field on its input event
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
  });

  return (
    <div className="grid content-start gap-1.5">
      <Label id={`${id}-label`} htmlFor={editor ? undefined : `${id}-text`}>
        {label}
      </Label>
      {editor ? (
        <div
          className={cn(
            "rounded-md border border-input bg-background focus-within:ring-2 focus-within:ring-ring",
            errors?.length && "border-destructive",
            contentStyle,
          )}
          aria-invalid={errors?.length ? true : undefined}
        >
          <Toolbar editor={editor} />
          <EditorContent editor={editor} />
          <input ref={hidden} type="hidden" name={meta.name} value={html} data-testid="description-html" />
        </div>
      ) : (
        <>
          <Textarea
            id={`${id}-text`}
            name={meta.name}
            defaultValue={initial}
            rows={10}
            onInput={onInput}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={`${id}-hint`}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
            data-testid="description-text"
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t("form.descriptionPlain")}
          </p>
        </>
      )}
      <ErrorList id={meta.errorId} errors={errors} ns={NS} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link") ? String(e.getAttributes("link").href ?? "") : null,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);
  useEffect(() => setLinking(null), [state.link]);
  const chain = () => editor.chain().focus();
  const tool = (key: string, Icon: typeof Bold, active: boolean, run: () => void, disabled = false) => (
    <Button
      key={key}
      type="button"
      variant="ghost"
      size="icon"
      className={cn("h-8 w-8", active && "bg-accent text-accent-foreground")}
      aria-pressed={active}
      aria-label={t(`editor.${key}`)}
      title={t(`editor.${key}`)}
      disabled={disabled}
      onClick={run}
      data-testid={`editor-${key}`}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
  function applyLink() {
    const href = (linking ?? "").trim();
    if (!href) chain().extendMarkRange("link").unsetLink().run();
    else
      chain()
        .extendMarkRange("link")
        .setLink({ href: /^(https?:|mailto:)/i.test(href) ? href : `https://${href}` })
        .run();
    setLinking(null);
  }
  return (
    <div className="border-b">
      <div role="toolbar" aria-label={t("editor.toolbar")} className="flex flex-wrap gap-0.5 p-1">
        {tool("bold", Bold, state.bold, () => chain().toggleBold().run())}
        {tool("italic", Italic, state.italic, () => chain().toggleItalic().run())}
        {tool("underline", Underline, state.underline, () => chain().toggleUnderline().run())}
        {tool("strike", Strikethrough, state.strike, () => chain().toggleStrike().run())}
        {tool("heading2", Heading2, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool("heading3", Heading3, state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {tool("bulletList", List, state.bullet, () => chain().toggleBulletList().run())}
        {tool("orderedList", ListOrdered, state.ordered, () => chain().toggleOrderedList().run())}
        {tool("blockquote", Quote, state.quote, () => chain().toggleBlockquote().run())}
        {tool("link", Link2, state.link !== null, () => setLinking(state.link ?? ""))}
        {state.link !== null && tool("unlink", Unlink, false, () => chain().extendMarkRange("link").unsetLink().run())}
        {tool("undo", Undo2, false, () => chain().undo().run(), !state.canUndo)}
        {tool("redo", Redo2, false, () => chain().redo().run(), !state.canRedo)}
      </div>
      {linking !== null && (
        <div className="flex flex-wrap items-center gap-2 border-t p-2">
          <Input
            autoFocus
            type="url"
            value={linking}
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                applyLink();
              } else if (e.key === "Escape") setLinking(null);
            }}
            placeholder="https://"
            aria-label={t("editor.linkUrl")}
            className="h-8 max-w-sm"
            data-testid="editor-link-url"
          />
          <Button type="button" size="sm" onClick={applyLink} data-testid="editor-link-apply">
            {t("editor.linkApply")}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setLinking(null)}>
            {t("actions.cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
