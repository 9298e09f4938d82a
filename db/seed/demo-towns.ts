/** The towns of the demo data, for ads and generated candidates (no service imports: the jobs use it). */
export interface Town {
  /** locality ids, the first one the reference data knows is used */
  ids: string[];
  weight: number;
  lang: "fr" | "de" | "it";
  /** Geneva agency: the branch that covers the town (null: head office) */
  branch?: "Genève Cornavin" | "Lausanne Flon" | "Lyon Part-Dieu" | null;
}

// prettier-ignore
export const DEMO_TOWNS: Record<"CH" | "FR", Town[]> = {
  CH: [
    { ids: ["CH-1201-geneve"], weight: 14, lang: "fr", branch: "Genève Cornavin" },
    { ids: ["CH-1217-meyrin"], weight: 3, lang: "fr", branch: "Genève Cornavin" },
    { ids: ["CH-1214-vernier"], weight: 3, lang: "fr", branch: "Genève Cornavin" },
    { ids: ["CH-1227-carouge-ge", "CH-1227-carouge", "CH-1212-grand-lancy"], weight: 2, lang: "fr", branch: "Genève Cornavin" },
    { ids: ["CH-1260-nyon"], weight: 3, lang: "fr", branch: "Genève Cornavin" },
    { ids: ["CH-1003-lausanne"], weight: 10, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1020-renens-vd"], weight: 2, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1110-morges"], weight: 2, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1800-vevey"], weight: 3, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1820-montreux", "CH-1815-clarens"], weight: 2, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1400-yverdon-les-bains"], weight: 3, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1950-sion"], weight: 3, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1920-martigny"], weight: 2, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-1700-fribourg"], weight: 3, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-2000-neuchatel"], weight: 3, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-2502-biel-bienne"], weight: 2, lang: "fr", branch: "Lausanne Flon" },
    { ids: ["CH-3011-bern"], weight: 3, lang: "de", branch: null },
    { ids: ["CH-8004-zurich"], weight: 5, lang: "de", branch: null },
    { ids: ["CH-8400-winterthur"], weight: 2, lang: "de", branch: null },
    { ids: ["CH-4051-basel"], weight: 3, lang: "de", branch: null },
    { ids: ["CH-6900-lugano", "CH-6900-paradiso"], weight: 3, lang: "it", branch: null },
    { ids: ["CH-6500-bellinzona"], weight: 2, lang: "it", branch: null },
    { ids: ["CH-6605-locarno"], weight: 1, lang: "it", branch: null },
  ],
  FR: [
    { ids: ["FR-69123-69001"], weight: 10, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-69123-69003"], weight: 3, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-69123-69007"], weight: 3, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-69266-69100"], weight: 4, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-69259-69200"], weight: 2, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-38544-38200"], weight: 1, lang: "fr", branch: "Lyon Part-Dieu" },
    { ids: ["FR-38185-38000"], weight: 5, lang: "fr" },
    { ids: ["FR-74010-74000"], weight: 4, lang: "fr" },
    { ids: ["FR-73065-73000"], weight: 3, lang: "fr" },
    { ids: ["FR-42218-42000"], weight: 4, lang: "fr" },
    { ids: ["FR-42187-42300"], weight: 1, lang: "fr" },
    { ids: ["FR-26362-26000"], weight: 3, lang: "fr" },
    { ids: ["FR-74012-74100"], weight: 3, lang: "fr" },
    { ids: ["FR-74281-74200"], weight: 2, lang: "fr" },
    { ids: ["FR-01354-01630"], weight: 1, lang: "fr" },
    { ids: ["FR-01160-01210"], weight: 1, lang: "fr" },
    { ids: ["FR-01053-01000"], weight: 2, lang: "fr" },
    { ids: ["FR-71270-71000"], weight: 2, lang: "fr" },
    { ids: ["FR-63113-63000"], weight: 3, lang: "fr" },
    { ids: ["FR-21231-21000"], weight: 2, lang: "fr" },
    { ids: ["FR-25056-25000"], weight: 2, lang: "fr" },
    { ids: ["FR-75056-75001"], weight: 3, lang: "fr" },
    { ids: ["FR-13055-13001"], weight: 2, lang: "fr" },
  ],
};
