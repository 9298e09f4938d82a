import {
  Activity, Bell, Bookmark, Briefcase, Calendar, Check, ClipboardList, Clock, File, Folder, Heart, HelpCircle, Home, IdCard, Inbox, Lock, Megaphone,
  MessageSquare, Plus, Search, Send, User, Users, X, type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  activity: Activity, bell: Bell, bookmark: Bookmark, briefcase: Briefcase, calendar: Calendar, check: Check, clipboard: ClipboardList, clock: Clock,
  file: File, folder: Folder, heart: Heart, help: HelpCircle, home: Home, id: IdCard, inbox: Inbox, lock: Lock, megaphone: Megaphone,
  message: MessageSquare, plus: Plus, search: Search, send: Send, user: User, users: Users, x: X,
};

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? File;
  return <Icon className={className} aria-hidden />;
}
