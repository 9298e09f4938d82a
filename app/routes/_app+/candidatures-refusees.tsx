import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CandidateApplications } from "~/components/applications/candidate-applications";
import { candidateListAction, candidateListLoader } from "~/utils/candidate-applications.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications"] };

/** /candidatures-refusees: the candidate's refused applications, live. */
export const loader = (args: LoaderFunctionArgs) => candidateListLoader(args, "refused");
export const action = (args: ActionFunctionArgs) => candidateListAction(args);

export default CandidateApplications;
