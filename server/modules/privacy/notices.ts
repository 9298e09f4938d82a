import type { Notice, NoticeSource } from "../module";
import type { DataExportReady } from "./events";

/** The ZIP is ready: an in-app notification and a mail, both leading to the data page. */
export const dataExportNotices: NoticeSource<DataExportReady> = {
  eventTypes: ["DataExportReady"],
  notices(event, { publicUrl }): Notice[] {
    const d = event.data;
    const link = "/mes-informations#data-export";
    const expires = `${d.expiresAt.slice(8, 10)}/${d.expiresAt.slice(5, 7)}/${d.expiresAt.slice(0, 4)}`;
    return [
      {
        userId: d.userId,
        kind: "data_export_ready",
        params: { expires },
        link,
        mail: { template: "dataExportReady", params: { expires, link: `${publicUrl}${link}` } },
      },
    ];
  },
};
