import { logoUrl } from "#server/modules/agencies/contract";
import { cn } from "~/utils/cn";

const SIZES = { sm: "size-8 text-xs", md: "size-12 text-sm", lg: "size-16 text-lg" } as const;

/** Two letters of the agency's name: "Léman Intérim SA" → "LI". */
export const initialsOf = (name: string) =>
  name
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w) && w.length > 2)
    .slice(0, 2)
    .map((w) => w[0])
    .join("") || name.slice(0, 2).toUpperCase();

/** A colour of its own for each agency without a logo, dark enough for white letters. */
const hueOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);

/**
 * An agency's logo beside its name (so the picture itself says nothing to screen readers), or
 * its initials on a colour of its own while it has none.
 */
export function AgencyLogo({
  name,
  logoId,
  size = "md",
  className,
}: {
  name: string;
  logoId?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const box = cn("shrink-0 rounded-md", SIZES[size], className);
  if (logoId) {
    const px = size === "sm" ? 32 : size === "md" ? 48 : 64;
    return (
      <img
        src={logoUrl(logoId)}
        alt=""
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className={cn(box, "border bg-white object-contain p-0.5")}
        data-testid="agency-logo"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(box, "grid place-items-center font-semibold text-white")}
      style={{ backgroundColor: `hsl(${hueOf(name)} 45% 36%)` }}
      data-testid="agency-initials"
    >
      {initialsOf(name)}
    </span>
  );
}
