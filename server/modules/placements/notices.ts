import { ddmmyyyy } from "../../lib/days";
import type { Notice, NoticeSource } from "../module";
import type {
  PlacementValidated,
  ProposalAccepted,
  ProposalCandidatePlaced,
  ProposalClosed,
  ProposalFilled,
  ProposalMade,
} from "./events";

type Noticed =
  ProposalMade | ProposalAccepted | ProposalCandidatePlaced | ProposalFilled | ProposalClosed | PlacementValidated;

/** Spec date format DD/MM/YYYY, from an ISO instant (UTC, as the expiry is a UTC day's end). */

/**
 * What proposals tell people (the notifier raises each once): each candidate of a new proposal,
 * the consultant when one accepts, the candidate the consultant picked, and those who did not
 * get a place when the places are filled (or the consultant ends it), and a candidate the
 * consultant placed directly (from the planning board, no proposal).
 */
export const proposalNotices: NoticeSource<Noticed> = {
  eventTypes: [
    "ProposalMade",
    "ProposalAccepted",
    "ProposalCandidatePlaced",
    "ProposalFilled",
    "ProposalClosed",
    "PlacementValidated",
  ],
  notices(event, { publicUrl }): Notice[] {
    const mine = `${publicUrl}/mes-propositions`;
    switch (event.type) {
      case "ProposalMade": {
        const d = event.data;
        const params = { title: d.adTitle, agency: d.agencyName, expires: ddmmyyyy(d.expiresAt) };
        return d.candidateIds.map((userId) => ({
          userId,
          kind: "proposal_new",
          params,
          link: "/mes-propositions",
          mail: { template: "proposalNew", params: { ...params, link: mine } },
        }));
      }
      case "ProposalAccepted": {
        const d = event.data;
        const link = `/candidatures/propositions#proposal-${d.proposalId}`;
        return [
          {
            userId: d.consultantId,
            kind: `proposal_accepted_${d.mode}`,
            params: { title: d.adTitle },
            link,
            mail: { template: "proposalAccepted", params: { title: d.adTitle, mode: d.mode, link: publicUrl + link } },
          },
        ];
      }
      case "ProposalCandidatePlaced": {
        const d = event.data;
        // first to accept: the candidate placed themself and saw it happen
        if (d.by !== "pick") return [];
        const params = { title: d.adTitle, agency: d.agencyName };
        return [
          {
            userId: d.userId,
            kind: "proposal_chosen",
            params,
            link: "/missions-valides",
            mail: { template: "proposalChosen", params: { ...params, link: `${publicUrl}/missions-valides` } },
          },
        ];
      }
      case "ProposalFilled": {
        const d = event.data;
        const params = { title: d.adTitle, agency: d.agencyName };
        return d.others.map((userId) => ({
          userId,
          kind: "proposal_filled",
          params,
          link: "/mes-propositions",
          mail: { template: "proposalFilled", params: { ...params, link: `${publicUrl}/rechercher-un-emploi` } },
        }));
      }
      case "PlacementValidated": {
        const d = event.data;
        // through a proposal the candidate accepted and was told already
        if (d.proposalId) return [];
        return [
          {
            userId: d.userId,
            kind: "placement_direct",
            params: { title: d.adTitle, agency: d.agencyName },
            link: "/missions-valides",
          },
        ];
      }
      case "ProposalClosed": {
        const d = event.data;
        return d.others.map((userId) => ({
          userId,
          kind: "proposal_closed",
          params: { title: d.adTitle, agency: d.agencyName },
          link: "/mes-propositions",
        }));
      }
    }
  },
};
