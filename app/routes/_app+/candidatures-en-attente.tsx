import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CandidateApplications } from "~/components/applications/candidate-applications";
import { candidateListAction, candidateListLoader } from "~/utils/candidate-applications.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications"] };

/** /candidatures-en-attente: the candidate's pending applications, live. */
export const loader = (args: LoaderFunctionArgs) => candidateListLoader(args, "pending");
export const action = (args: ActionFunctionArgs) => candidateListAction(args);

export default CandidateApplications;
