import type { createDomain } from "../../server/services";
import { demoLogo } from "./demo-logo";
import { SYSTEM_ACTOR } from "../../server/modules/identity/contract";
import { seedDemoAds } from "./demo-ads";
import { seedDemoDuplicates } from "./demo-duplicates";
import { seedDemoApplications } from "./demo-applications";
import { seedDemoProfiles } from "./demo-profiles";
import { seedDemoDocuments } from "./demo-documents";
import { seedDemoPlanning } from "./demo-planning";
import { seedDemoTimesheets } from "./demo-timesheets";
import { seedDemoFaq } from "./demo-faq";
import { seedDemoFolders } from "./demo-folders";

import { DEMO_PASSWORD } from "./password";
export { DEMO_PASSWORD };

export const DEMO_ACCOUNTS = [
  { email: "admin@demo.test", label: "platform admin" },
  { email: "consultant.ge@demo.test", label: "consultant, Geneva agency (ADMIN_CONSULTANT)" },
  { email: "consultant.lyon@demo.test", label: "consultant, Lyon agency (ADMIN_CONSULTANT)" },
  { email: "manager@demo.test", label: "client manager, Geneva client (MANAGER_CLIENT)" },
  { email: "client@demo.test", label: "client user, Geneva client" },
  { email: "client.lyon@demo.test", label: "client user, Lyon client" },
  { email: "candidate@demo.test", label: "candidate, Switzerland" },
  { email: "candidate.fr@demo.test", label: "candidate, France" },
];

type Domain = ReturnType<typeof createDomain>;

/**
 * Demo data, created through the command handlers like any user action. Runs once: a second
 * start finds the admin account and does nothing.
 */
export async function seedDemo(domain: Domain): Promise<boolean> {
  return domain.store.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727275)`; // two processes starting together seed once
    if (await domain.identity.credentialsByEmail("admin@demo.test")) return false;
    const { agencies, identity } = domain;
    const password = DEMO_PASSWORD;
    const person = (email: string, firstName: string, lastName: string, locale: string) => ({
      email,
      firstName,
      lastName,
      locale,
      password,
      verified: true,
    });

    const geneva = await agencies.registerAgency(SYSTEM_ACTOR, {
      name: "Léman Intérim SA",
      country: "CH",
      city: "Genève",
      approved: true,
    });
    await agencies.openBranch(SYSTEM_ACTOR, { agencyId: geneva, name: "Genève Cornavin", city: "Genève" });
    await agencies.openBranch(SYSTEM_ACTOR, { agencyId: geneva, name: "Lausanne Flon", city: "Lausanne" });
    const genevaClient = await agencies.addClientCompany(SYSTEM_ACTOR, {
      agencyId: geneva,
      name: "Horlogerie du Rhône SA",
      city: "Genève",
    });
    await agencies.addClientCompany(SYSTEM_ACTOR, {
      agencyId: geneva,
      name: "Clinique des Eaux-Vives",
      city: "Genève",
    });

    await agencies.changeLogo(SYSTEM_ACTOR, geneva, await demoLogo());

    const lyon = await agencies.registerAgency(SYSTEM_ACTOR, {
      name: "Rhône Emploi",
      country: "FR",
      city: "Lyon",
      approved: true,
    });
    await agencies.openBranch(SYSTEM_ACTOR, { agencyId: lyon, name: "Lyon Part-Dieu", city: "Lyon" });
    const lyonClient = await agencies.addClientCompany(SYSTEM_ACTOR, {
      agencyId: lyon,
      name: "Bâtiments Confluence SAS",
      city: "Lyon",
    });

    const base = { country: null, clientId: null };
    await identity.registerUser({
      ...person("admin@demo.test", "Alix", "Morel", "fr"),
      ...base,
      role: "PLATFORM_ADMIN",
      agencyId: null,
    });
    await identity.registerUser({
      ...person("consultant.ge@demo.test", "Camille", "Rochat", "fr"),
      ...base,
      role: "ADMIN_CONSULTANT",
      agencyId: geneva,
    });
    await identity.registerUser({
      ...person("consultant.ge2@demo.test", "Luca", "Bernasconi", "it"),
      ...base,
      role: "ADMIN_CONSULTANT",
      agencyId: geneva,
    });
    await identity.registerUser({
      ...person("consultant.lyon@demo.test", "Julien", "Perrin", "fr"),
      ...base,
      role: "ADMIN_CONSULTANT",
      agencyId: lyon,
    });
    await identity.registerUser({
      ...person("manager@demo.test", "Sophie", "Favre", "fr"),
      country: null,
      role: "MANAGER_CLIENT",
      agencyId: geneva,
      clientId: genevaClient,
    });
    await identity.registerUser({
      ...person("client@demo.test", "Marc", "Dubois", "de"),
      country: null,
      role: "CLIENT",
      agencyId: geneva,
      clientId: genevaClient,
    });
    await identity.registerUser({
      ...person("client.lyon@demo.test", "Nadia", "Lambert", "fr"),
      country: null,
      role: "CLIENT",
      agencyId: lyon,
      clientId: lyonClient,
    });
    await identity.registerUser({
      ...person("candidate@demo.test", "Léa", "Müller", "fr"),
      country: "CH",
      role: "CANDIDATE",
      agencyId: null,
      clientId: null,
    });
    await identity.registerUser({
      ...person("candidate.fr@demo.test", "Hugo", "Martin", "fr"),
      country: "FR",
      role: "CANDIDATE",
      agencyId: null,
      clientId: null,
    });
    await seedDemoAds(domain);
    await seedDemoApplications(domain, password);
    await seedDemoDuplicates(domain, password);
    await seedDemoProfiles(domain);
    await seedDemoDocuments(domain);
    await seedDemoPlanning(domain);
    await seedDemoTimesheets(domain);
    await seedDemoFaq(domain);
    await seedDemoFolders(domain);
    return true;
  });
}
