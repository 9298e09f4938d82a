import {
  AGENCY_STAFF_ROLES,
  BACK_OFFICE_ROLES,
  CLIENT_ROLES,
  ROLES,
  type Role,
} from "#server/modules/identity/contract";

/**
 * Who may read what (spec section 6). Every loader and action checks its resource here;
 * menus are derived from the same table, so a menu never offers a page that refuses you.
 */
// the back office is agency staff and platform admins (who see every agency); role groups are identity's
const STAFF: Role[] = [...BACK_OFFICE_ROLES];
const CLIENTS: Role[] = [...CLIENT_ROLES];
const ALL: Role[] = [...ROLES];

export const ABILITIES = {
  "candidate.space": ["CANDIDATE"],
  "agency.dashboard": STAFF,
  "agency.cvLibrary": STAFF,
  // an agency's own figures: platform admins have no agency of their own
  "agency.statistics": [...AGENCY_STAFF_ROLES],
  "agency.ads": [...STAFF, "MANAGER_CLIENT"],
  "agency.createAd": [...STAFF, ...CLIENTS],
  "agency.orders": [...STAFF, ...CLIENTS],
  "agency.applications": [...STAFF, ...CLIENTS],
  "agency.planning": [...STAFF, "CLIENT"],
  "agency.folders": STAFF,
  // an agency's own work, none of it for client users (ADR 0042)
  "agency.activities": STAFF,
  "agency.timesheets": [...STAFF, ...CLIENTS],
  "agency.documents": [...STAFF, ...CLIENTS],
  "agency.notifications": [...STAFF, ...CLIENTS],
  "agency.team": ["ADMIN_CONSULTANT"],
  "admin.agencies": ["PLATFORM_ADMIN"],
  // the support inbox and the FAQ editor (issue 30)
  "admin.support": ["PLATFORM_ADMIN"],
  "admin.erasure": ["PLATFORM_ADMIN"],
  "account.security": ALL,
  "account.support": ALL,
  "account.communication": ALL,
} satisfies Record<string, Role[]>;

export type Resource = keyof typeof ABILITIES;

export function can(role: Role, resource: Resource): boolean {
  return (ABILITIES[resource] as Role[]).includes(role);
}

export interface MenuItem {
  to: string;
  labelKey: string;
  icon: string;
  resource: Resource;
  children?: MenuItem[];
}

const CANDIDATE_MENU: MenuItem[] = [
  { to: "/tableau-de-bord", labelKey: "menu.dashboard", icon: "home", resource: "candidate.space" },
  { to: "/rechercher-un-emploi", labelKey: "menu.jobSearch", icon: "search", resource: "candidate.space" },
  { to: "/ma-recherche", labelKey: "menu.mySearches", icon: "bookmark", resource: "candidate.space" },
  { to: "/mes-favoris", labelKey: "menu.favourites", icon: "heart", resource: "candidate.space" },
  {
    to: "/candidatures-en-attente",
    labelKey: "menu.applications",
    icon: "send",
    resource: "candidate.space",
    children: [
      {
        to: "/candidatures-retenues",
        labelKey: "menu.applicationsRetained",
        icon: "check",
        resource: "candidate.space",
      },
      {
        to: "/candidatures-en-attente",
        labelKey: "menu.applicationsPending",
        icon: "clock",
        resource: "candidate.space",
      },
      { to: "/candidatures-refusees", labelKey: "menu.applicationsRefused", icon: "x", resource: "candidate.space" },
    ],
  },
  { to: "/missions-valides", labelKey: "menu.validatedMissions", icon: "briefcase", resource: "candidate.space" },
  { to: "/mes-propositions", labelKey: "menu.proposals", icon: "inbox", resource: "candidate.space" },
  { to: "/mes-informations", labelKey: "menu.myData", icon: "id", resource: "candidate.space" },
  { to: "/profil", labelKey: "menu.profile", icon: "user", resource: "candidate.space" },
  { to: "/mes-documents", labelKey: "menu.documents", icon: "file", resource: "candidate.space" },
  { to: "/fiches-horaires", labelKey: "menu.timesheets", icon: "clock", resource: "candidate.space" },
  { to: "/notifications", labelKey: "menu.notifications", icon: "bell", resource: "candidate.space" },
  { to: "/parametres", labelKey: "menu.security", icon: "lock", resource: "account.security" },
  { to: "/communication", labelKey: "menu.communication", icon: "message", resource: "account.communication" },
  { to: "/support", labelKey: "menu.support", icon: "help", resource: "account.support" },
];

const AGENCY_MENU: MenuItem[] = [
  { to: "/tableau-bord-agence", labelKey: "menu.dashboard", icon: "home", resource: "agency.dashboard" },
  { to: "/agences-a-valider", labelKey: "menu.agenciesToValidate", icon: "check", resource: "admin.agencies" },
  { to: "/demandes-effacement", labelKey: "menu.erasureRequests", icon: "trash", resource: "admin.erasure" },
  { to: "/conservation-des-donnees", labelKey: "menu.retention", icon: "clock", resource: "admin.erasure" },
  { to: "/cv-theque", labelKey: "menu.cvLibrary", icon: "users", resource: "agency.cvLibrary" },
  { to: "/candidatures", labelKey: "menu.applications", icon: "send", resource: "agency.applications" },
  { to: "/creer-une-annonce", labelKey: "menu.createAd", icon: "plus", resource: "agency.createAd" },
  { to: "/mes-annonces", labelKey: "menu.myAds", icon: "megaphone", resource: "agency.ads" },
  { to: "/mes-commandes", labelKey: "menu.myOrders", icon: "clipboard", resource: "agency.orders" },
  { to: "/planification", labelKey: "menu.planning", icon: "calendar", resource: "agency.planning" },
  { to: "/statistiques", labelKey: "menu.statistics", icon: "chart", resource: "agency.statistics" },
  { to: "/mes-dossiers", labelKey: "menu.folders", icon: "folder", resource: "agency.folders" },
  { to: "/activites-generales", labelKey: "menu.activities", icon: "activity", resource: "agency.activities" },
  { to: "/notifications", labelKey: "menu.notifications", icon: "bell", resource: "agency.notifications" },
  { to: "/releves-heures", labelKey: "menu.timesheets", icon: "clock", resource: "agency.timesheets" },
  { to: "/documents", labelKey: "menu.agencyDocuments", icon: "file", resource: "agency.documents" },
  { to: "/parametres", labelKey: "menu.security", icon: "lock", resource: "account.security" },
  { to: "/communication", labelKey: "menu.communication", icon: "message", resource: "account.communication" },
  { to: "/support", labelKey: "menu.support", icon: "help", resource: "account.support" },
];

/**
 * Screens of the spec that later issues build. The one list that says so: menus and links leave
 * them out (a person never reaches a bare not-found page from a menu), and the permission test
 * expects them not found. Building one means removing it here.
 */
export const NOT_BUILT: readonly string[] = [];

/** Whether the screen behind a link (its path, query ignored) exists yet. */
export const isBuilt = (to: string) => !NOT_BUILT.includes(to.split(/[?#]/)[0]!);

/** The menu of a role: candidates theirs; agency roles the entries their abilities allow; built screens only. */
export function menuFor(role: Role): MenuItem[] {
  const source = role === "CANDIDATE" ? CANDIDATE_MENU : AGENCY_MENU;
  const offered = (item: MenuItem) => can(role, item.resource) && isBuilt(item.to);
  return source
    .filter(offered)
    .map((item) => (item.children ? { ...item, children: item.children.filter(offered) } : item));
}
