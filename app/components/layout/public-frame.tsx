import { LanguageLinks } from "./language-links";

/** The blank frame of the public pages: no menu, just the brand and the languages. */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex items-center justify-between px-6 py-4">
        <span className="text-xl font-bold text-primary">Missio</span>
        <LanguageLinks />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8">{children}</main>
    </div>
  );
}
