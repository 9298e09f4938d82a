import * as Menu from "@radix-ui/react-dropdown-menu";
import { cn } from "~/utils/cn";

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuLabel = ({ className, ...p }: Menu.DropdownMenuLabelProps) => (
  <Menu.Label className={cn("px-2 py-1.5 text-sm font-semibold", className)} {...p} />
);
export const DropdownMenuSeparator = () => <Menu.Separator className="-mx-1 my-1 h-px bg-border" />;

export function DropdownMenuContent({ className, ...props }: Menu.DropdownMenuContentProps) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={6}
        align="end"
        className={cn("z-50 min-w-[10rem] rounded-md border bg-card p-1 text-card-foreground shadow-md", className)}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: Menu.DropdownMenuItemProps) {
  return (
    <Menu.Item
      className={cn(
        "relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none focus:bg-accent data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
