import fs from "node:fs";
import { localeFile } from "../../server/lib/root";
import type { Locality } from "../../server/modules/reference/localities";
import { PROFESSIONS, type Sector } from "../../server/modules/reference/professions";
import type { AdFields, CONTRACTS, JOB_TYPES, JobBoardCode } from "../../server/modules/missions/rules";

/**
 * Realistic ad content for the demo data (db/seed/demo-ads.ts) and the search benchmark's
 * 100,000 generated ads (tests/bench/ad-generator.ts): titles, qualifications and rich-text
 * descriptions written per profession (French) and per sector (German, Italian, English,
 * Portuguese), salaries per country and period, dates relative to a given day. Every choice
 * comes from the random source passed in, so a seeded source gives the same ads every time.
 */

export type Language = "fr" | "de" | "it" | "en" | "pt";
export type Contract = (typeof CONTRACTS)[number];
export type JobType = (typeof JOB_TYPES)[number];

/** A seeded PRNG (mulberry32): same seed, same sequence, on every machine. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** one of the keys, with probability proportional to its weight */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) if ((r -= w) < 0) return k;
    return entries.at(-1)![0];
  };
  const chance = (p: number) => next() < p;
  /** k distinct items in a random order */
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  };
  return { next, int, pick, weighted, chance, sample };
}
export type Random = ReturnType<typeof seededRandom>;

interface ProfessionText {
  /** French title variants, without the gender mark */
  titles: string[];
  /** the usual diploma or licence in Switzerland, then in France */
  ch: string;
  fr: string;
  /** three typical tasks, in French */
  tasks: [string, string, string];
}

// prettier-ignore
const PROFESSION_TEXTS: Record<string, ProfessionText> = {
  construction_labourer: { titles: ["Manœuvre de chantier", "Aide-maçon"], ch: "Première expérience sur chantier, chaussures de sécurité", fr: "Expérience dans le BTP appréciée", tasks: ["Préparer, baliser et nettoyer le chantier", "Approvisionner les équipes en matériaux", "Participer aux travaux de démolition et de terrassement"] },
  mason: { titles: ["Maçon", "Maçon qualifié"], ch: "CFC de maçon", fr: "CAP maçon", tasks: ["Monter des murs en briques, blocs et parpaings", "Réaliser des coffrages et couler des dalles en béton", "Lire les plans et implanter les ouvrages"] },
  carpenter: { titles: ["Charpentier", "Charpentier bois"], ch: "CFC de charpentier", fr: "CAP charpentier bois", tasks: ["Tailler et assembler des charpentes traditionnelles", "Poser des ossatures bois et des éléments préfabriqués", "Travailler en hauteur dans le respect des règles de sécurité"] },
  joiner: { titles: ["Menuisier", "Menuisier poseur"], ch: "CFC de menuisier ou d'ébéniste", fr: "CAP menuisier fabricant ou installateur", tasks: ["Fabriquer portes, fenêtres et agencements en atelier", "Poser les menuiseries intérieures et extérieures sur chantier", "Effectuer les réglages et les finitions"] },
  electrician: { titles: ["Électricien", "Électricien de chantier"], ch: "CFC de monteur-électricien", fr: "CAP électricien, habilitation électrique B1V/BR", tasks: ["Tirer les câbles et poser les chemins de câbles", "Raccorder les tableaux électriques et l'appareillage", "Contrôler les installations et assurer la mise en service"] },
  plumber: { titles: ["Plombier", "Installateur sanitaire"], ch: "CFC d'installateur sanitaire", fr: "CAP installateur sanitaire", tasks: ["Poser les réseaux d'eau et d'évacuation", "Installer les appareils sanitaires", "Assurer les dépannages et le remplacement de pièces"] },
  heating_installer: { titles: ["Chauffagiste", "Installateur en chauffage"], ch: "CFC d'installateur en chauffage", fr: "CAP monteur en installations thermiques", tasks: ["Installer chaudières, pompes à chaleur et radiateurs", "Réaliser les raccordements hydrauliques", "Mettre en service et entretenir les installations"] },
  painter: { titles: ["Peintre en bâtiment", "Peintre qualifié"], ch: "CFC de peintre", fr: "CAP peintre applicateur de revêtements", tasks: ["Préparer les supports : ponçage, enduits, masquage", "Appliquer peintures et revêtements muraux", "Protéger et nettoyer les lieux après les travaux"] },
  roofer: { titles: ["Couvreur", "Couvreur-zingueur"], ch: "CFC de couvreur", fr: "CAP couvreur", tasks: ["Poser tuiles, ardoises et éléments de zinguerie", "Réaliser l'étanchéité des toitures", "Travailler en hauteur avec les équipements de protection"] },
  tiler: { titles: ["Carreleur", "Carreleur-chapiste"], ch: "CFC de carreleur", fr: "CAP carreleur mosaïste", tasks: ["Préparer les chapes et les ragréages", "Poser carrelage et faïence au sol et au mur", "Réaliser des joints et des finitions soignés"] },
  plasterer: { titles: ["Plâtrier", "Plâtrier-plaquiste"], ch: "CFC de plâtrier constructeur à sec", fr: "CAP plâtrier-plaquiste", tasks: ["Monter cloisons et doublages en plaques de plâtre", "Poser faux plafonds et isolation", "Réaliser bandes, enduits et finitions"] },
  crane_operator: { titles: ["Grutier", "Grutier à tour"], ch: "Permis de grutier catégorie A ou B", fr: "CACES R487 catégorie 1", tasks: ["Conduire la grue et manutentionner les charges", "Vérifier les élingues et l'état de la grue", "Communiquer par radio avec le chef de manœuvre"] },
  plant_operator: { titles: ["Conducteur d'engins", "Machiniste de chantier"], ch: "Permis de machiniste, expérience sur pelle hydraulique", fr: "CACES R482 catégories A, B1 et C1", tasks: ["Conduire pelles, chargeuses et tombereaux", "Réaliser terrassements, tranchées et remblais", "Assurer l'entretien quotidien des engins"] },
  site_foreman: { titles: ["Chef de chantier", "Contremaître"], ch: "Brevet fédéral de contremaître ou expérience équivalente", fr: "Bac pro ou BTS bâtiment, cinq ans d'expérience", tasks: ["Organiser et encadrer les équipes", "Suivre l'avancement, la qualité et la sécurité", "Assurer le lien avec le conducteur de travaux et les sous-traitants"] },
  production_operator: { titles: ["Opérateur de production", "Agent de production"], ch: "Première expérience en production industrielle", fr: "Expérience en production, CQP apprécié", tasks: ["Alimenter et surveiller les lignes de production", "Contrôler visuellement les pièces", "Respecter les consignes de qualité et d'hygiène"] },
  machine_operator: { titles: ["Conducteur de machines", "Conducteur de ligne"], ch: "AFP ou CFC dans un métier technique", fr: "Bac pro pilote de ligne de production", tasks: ["Régler et conduire les machines de production", "Effectuer les changements de format", "Remplir les documents de suivi de production"] },
  assembler: { titles: ["Monteur", "Opérateur de montage"], ch: "Habileté manuelle, expérience en montage", fr: "CAP mécanique ou expérience en assemblage", tasks: ["Assembler des sous-ensembles selon les plans", "Utiliser l'outillage manuel et électroportatif", "Contrôler la conformité des montages"] },
  welder: { titles: ["Soudeur", "Soudeur TIG/MIG"], ch: "CFC de constructeur métallique ou certificats de soudure", fr: "CAP soudure, qualification TIG ou MIG/MAG", tasks: ["Réaliser des soudures TIG, MIG et MAG sur acier et inox", "Lire les plans et préparer les pièces", "Contrôler l'aspect et la conformité des soudures"] },
  cnc_machinist: { titles: ["Opérateur CNC", "Polymécanicien CNC"], ch: "CFC de polymécanicien ou de mécanicien de production", fr: "Bac pro technicien d'usinage", tasks: ["Régler et conduire des centres d'usinage CNC", "Effectuer les contrôles dimensionnels", "Adapter les programmes (Heidenhain, Fanuc)"] },
  industrial_mechanic: { titles: ["Mécanicien industriel", "Mécanicien d'entretien"], ch: "CFC de mécanicien de production ou d'automaticien", fr: "Bac pro maintenance des équipements industriels", tasks: ["Monter et régler des ensembles mécaniques", "Diagnostiquer les pannes mécaniques", "Remplacer les pièces d'usure"] },
  maintenance_technician: { titles: ["Technicien de maintenance", "Technicien de maintenance industrielle"], ch: "CFC d'électricien de montage ou d'automaticien", fr: "BTS maintenance des systèmes", tasks: ["Assurer la maintenance préventive et curative", "Intervenir sur des pannes électriques et mécaniques", "Proposer des améliorations et tenir la GMAO à jour"] },
  quality_controller: { titles: ["Contrôleur qualité", "Technicien contrôle qualité"], ch: "Formation technique, maîtrise des instruments de mesure", fr: "Bac+2 qualité ou mesures physiques", tasks: ["Contrôler les produits à réception et en production", "Utiliser pied à coulisse, micromètre et machine 3D", "Rédiger les rapports de non-conformité"] },
  watchmaker: { titles: ["Horloger", "Horloger de production"], ch: "CFC d'horloger praticien ou de production", fr: "CAP horlogerie", tasks: ["Assembler et emboîter des mouvements", "Régler et contrôler la marche des montres", "Travailler sous binoculaire en environnement propre"] },
  automation_technician: { titles: ["Automaticien", "Technicien en automation"], ch: "CFC d'automaticien", fr: "BTS conception et réalisation de systèmes automatiques", tasks: ["Programmer et modifier des automates (Siemens, Schneider)", "Mettre en service des installations automatisées", "Dépanner les systèmes de commande"] },
  warehouse_worker: { titles: ["Magasinier", "Magasinier-réceptionnaire"], ch: "CFC de logisticien apprécié", fr: "Expérience en entrepôt, CACES R489 apprécié", tasks: ["Réceptionner et contrôler les marchandises", "Ranger les stocks et réaliser les inventaires", "Saisir les mouvements dans le système de gestion"] },
  order_picker: { titles: ["Préparateur de commandes", "Préparateur de commandes en froid"], ch: "Première expérience en logistique", fr: "CACES R485 apprécié", tasks: ["Préparer les commandes au scanner ou à la commande vocale", "Filmer et étiqueter les palettes", "Respecter les cadences et les règles de sécurité"] },
  forklift_driver: { titles: ["Cariste", "Cariste polyvalent"], ch: "Permis de cariste SUVA", fr: "CACES R489 catégories 1A, 3 et 5", tasks: ["Charger et décharger les camions", "Stocker les palettes en hauteur", "Approvisionner les zones de préparation"] },
  packer: { titles: ["Emballeur", "Opérateur de conditionnement"], ch: "Aucun diplôme requis, précision et rapidité", fr: "Première expérience en conditionnement", tasks: ["Conditionner et emballer les produits", "Contrôler la qualité des colis", "Préparer les expéditions"] },
  logistics_clerk: { titles: ["Employé logistique", "Gestionnaire de stock"], ch: "CFC de logisticien ou d'employé de commerce", fr: "Bac pro logistique, maîtrise d'un WMS", tasks: ["Gérer les flux entrants et sortants", "Suivre les stocks dans l'ERP", "Organiser les enlèvements avec les transporteurs"] },
  removal_worker: { titles: ["Déménageur", "Déménageur-porteur"], ch: "Bonne condition physique", fr: "Expérience en déménagement appréciée, permis B", tasks: ["Emballer et protéger le mobilier", "Charger et décharger les camions", "Démonter et remonter les meubles"] },
  truck_driver: { titles: ["Chauffeur poids lourd", "Chauffeur PL"], ch: "Permis C/CE et OACP", fr: "Permis C/CE, FIMO/FCO à jour, carte conducteur", tasks: ["Effectuer des livraisons régionales", "Charger et arrimer la marchandise", "Tenir à jour les documents de transport"] },
  delivery_driver: { titles: ["Chauffeur-livreur", "Chauffeur-livreur permis B"], ch: "Permis B depuis au moins trois ans", fr: "Permis B, connaissance du secteur", tasks: ["Livrer les clients selon une tournée définie", "Charger le véhicule et vérifier les bons de livraison", "Faire signer les livraisons et encaisser si besoin"] },
  bus_driver: { titles: ["Conducteur de car", "Chauffeur de bus"], ch: "Permis D, OACP et carte de qualification", fr: "Permis D, FIMO voyageurs", tasks: ["Assurer des lignes régulières et scolaires", "Accueillir et renseigner les voyageurs", "Veiller à la sécurité et à la propreté du véhicule"] },
  courier: { titles: ["Coursier", "Coursier à vélo"], ch: "Bonne connaissance de la ville", fr: "Permis B ou vélo personnel", tasks: ["Récupérer et livrer plis et colis urgents", "Optimiser ses trajets avec l'application", "Faire signer les bons de livraison"] },
  cook: { titles: ["Cuisinier", "Chef de partie"], ch: "CFC de cuisinier", fr: "CAP cuisine", tasks: ["Préparer la mise en place et les plats de la carte", "Respecter les normes HACCP", "Participer à la gestion des commandes"] },
  kitchen_assistant: { titles: ["Commis de cuisine", "Aide de cuisine"], ch: "AFP d'employé en cuisine apprécié", fr: "CAP cuisine apprécié", tasks: ["Préparer les légumes et les garnitures", "Aider le chef à la mise en place", "Nettoyer le poste de travail"] },
  dishwasher: { titles: ["Plongeur", "Casserolier"], ch: "Aucun diplôme requis", fr: "Première expérience en restauration appréciée", tasks: ["Laver la vaisselle et les ustensiles de cuisine", "Entretenir la cuisine et les chambres froides", "Ranger la vaisselle et réceptionner les livraisons"] },
  waiter: { titles: ["Serveur", "Chef de rang"], ch: "CFC de spécialiste en restauration apprécié", fr: "CAP commercialisation et services en HCR", tasks: ["Accueillir et conseiller la clientèle", "Prendre les commandes et servir à table", "Dresser et débarrasser les tables"] },
  bartender: { titles: ["Barman", "Barman-serveur"], ch: "Expérience dans le service de bar", fr: "Mention complémentaire barman appréciée", tasks: ["Préparer cocktails et boissons chaudes", "Gérer les stocks du bar", "Accueillir et fidéliser la clientèle"] },
  hotel_receptionist: { titles: ["Réceptionniste d'hôtel", "Réceptionniste de nuit"], ch: "Formation hôtelière, maîtrise de Fidelio ou Protel", fr: "BTS hôtellerie, anglais courant", tasks: ["Accueillir les clients et gérer arrivées et départs", "Traiter les réservations", "Encaisser et établir les factures"] },
  room_attendant: { titles: ["Femme ou valet de chambre", "Employé d'étage"], ch: "Expérience en hôtellerie", fr: "Première expérience en hôtellerie appréciée", tasks: ["Nettoyer et préparer les chambres", "Réapprovisionner le linge et les produits d'accueil", "Signaler les anomalies à la gouvernante"] },
  nurse: { titles: ["Infirmier", "Infirmier diplômé"], ch: "Bachelor en soins infirmiers, titre reconnu par la Croix-Rouge", fr: "Diplôme d'État d'infirmier", tasks: ["Réaliser les soins techniques et relationnels", "Administrer les traitements", "Assurer les transmissions avec l'équipe pluridisciplinaire"] },
  nursing_assistant: { titles: ["Aide-soignant", "Assistant en soins et santé communautaire"], ch: "CFC d'ASSC ou certificat d'auxiliaire de santé Croix-Rouge", fr: "Diplôme d'État d'aide-soignant", tasks: ["Aider les patients dans les gestes de la vie quotidienne", "Prendre les constantes", "Participer aux transmissions"] },
  home_care_worker: { titles: ["Auxiliaire de vie", "Aide à domicile"], ch: "Certificat d'auxiliaire de santé Croix-Rouge", fr: "DEAES ou expérience auprès des personnes âgées", tasks: ["Accompagner des personnes âgées à domicile", "Aider à la toilette, aux repas et aux courses", "Entretenir le logement"] },
  medical_assistant: { titles: ["Assistant médical", "Assistant médical en cabinet"], ch: "CFC d'assistant médical", fr: "Titre d'assistant ou de secrétaire médical", tasks: ["Accueillir les patients et gérer l'agenda", "Effectuer prises de sang et examens simples", "Tenir les dossiers patients et la facturation"] },
  pharmacy_assistant: { titles: ["Assistant en pharmacie", "Préparateur en pharmacie"], ch: "CFC d'assistant en pharmacie", fr: "BP préparateur en pharmacie", tasks: ["Conseiller la clientèle au comptoir", "Délivrer les médicaments sur ordonnance", "Réceptionner et ranger les commandes"] },
  administrative_assistant: { titles: ["Assistant administratif", "Employé de commerce"], ch: "CFC d'employé de commerce", fr: "BTS support à l'action managériale", tasks: ["Gérer le courrier, les appels et les agendas", "Rédiger et mettre en forme les documents", "Classer et archiver les dossiers"] },
  receptionist: { titles: ["Réceptionniste", "Hôte d'accueil"], ch: "Expérience à un poste similaire, anglais courant", fr: "Bac pro accueil, anglais professionnel", tasks: ["Accueillir et orienter les visiteurs", "Gérer le standard téléphonique", "Réserver les salles et distribuer le courrier"] },
  accountant: { titles: ["Comptable", "Aide-comptable"], ch: "Brevet fédéral de spécialiste en finance et comptabilité ou équivalent", fr: "BTS comptabilité et gestion", tasks: ["Saisir les écritures comptables", "Effectuer les rapprochements bancaires", "Préparer les clôtures mensuelles et la TVA"] },
  customer_service_agent: { titles: ["Téléconseiller", "Conseiller clientèle"], ch: "Excellente élocution, français-allemand apprécié", fr: "Bac, première expérience en centre de contact", tasks: ["Répondre aux appels et aux courriels des clients", "Traiter les réclamations", "Saisir les demandes dans le CRM"] },
  data_entry_clerk: { titles: ["Opérateur de saisie", "Employé de saisie"], ch: "Aisance avec l'informatique, frappe rapide", fr: "Maîtrise du pack Office", tasks: ["Saisir des données dans les systèmes internes", "Contrôler la cohérence des informations", "Numériser et classer les documents"] },
  hr_assistant: { titles: ["Assistant ressources humaines", "Gestionnaire RH"], ch: "Certificat d'assistant en gestion du personnel", fr: "BTS ou licence en ressources humaines", tasks: ["Préparer les contrats et les avenants", "Suivre les absences et les éléments de paie", "Organiser les entretiens de recrutement"] },
  sales_assistant: { titles: ["Vendeur", "Conseiller de vente"], ch: "CFC de gestionnaire du commerce de détail", fr: "Bac pro métiers du commerce et de la vente", tasks: ["Accueillir et conseiller la clientèle", "Mettre en valeur les produits en rayon", "Encaisser les ventes"] },
  cashier: { titles: ["Caissier", "Hôte de caisse"], ch: "Aisance avec les chiffres, sens du service", fr: "Première expérience en caisse appréciée", tasks: ["Enregistrer les achats et encaisser", "Tenir et contrôler son fonds de caisse", "Renseigner les clients"] },
  shelf_stocker: { titles: ["Employé de mise en rayon", "Employé libre-service"], ch: "Aucun diplôme requis", fr: "Première expérience en grande surface", tasks: ["Mettre en rayon les produits", "Contrôler les dates et les étiquettes de prix", "Maintenir les rayons propres et rangés"] },
  butcher: { titles: ["Boucher", "Boucher-charcutier"], ch: "CFC de boucher-charcutier", fr: "CAP boucher", tasks: ["Découper et préparer les viandes", "Conseiller la clientèle au comptoir", "Respecter la chaîne du froid et l'hygiène"] },
  baker: { titles: ["Boulanger", "Boulanger-pâtissier"], ch: "CFC de boulanger-pâtissier-confiseur", fr: "CAP boulanger", tasks: ["Pétrir, façonner et cuire pains et viennoiseries", "Gérer les fermentations", "Respecter les règles d'hygiène"] },
  cleaner: { titles: ["Agent d'entretien", "Agent de nettoyage"], ch: "Expérience en nettoyage", fr: "Première expérience dans la propreté", tasks: ["Nettoyer bureaux, sanitaires et parties communes", "Utiliser autolaveuse et monobrosse", "Respecter les protocoles d'hygiène"] },
  security_guard: { titles: ["Agent de sécurité", "Agent de surveillance"], ch: "Formation d'agent de sécurité, brevet fédéral apprécié", fr: "Carte professionnelle CNAPS, SSIAP 1", tasks: ["Contrôler les accès et accueillir les visiteurs", "Effectuer des rondes", "Intervenir en cas d'alarme"] },
  landscape_gardener: { titles: ["Jardinier paysagiste", "Paysagiste"], ch: "CFC d'horticulteur paysagiste", fr: "CAP jardinier paysagiste", tasks: ["Créer et entretenir espaces verts et jardins", "Réaliser plantations, tontes et tailles", "Poser dallages et bordures"] },
  caretaker: { titles: ["Concierge d'immeuble", "Gardien d'immeuble"], ch: "Brevet fédéral de concierge apprécié", fr: "Expérience en gardiennage d'immeuble", tasks: ["Entretenir les parties communes et les abords", "Effectuer les petites réparations", "Être l'interlocuteur des locataires"] },
  farm_worker: { titles: ["Ouvrier agricole", "Ouvrier viticole"], ch: "Expérience agricole, permis B apprécié", fr: "Expérience en agriculture ou en viticulture", tasks: ["Participer aux travaux des champs et aux récoltes", "Entretenir les vignes et les cultures", "Conduire le tracteur"] },
};

/** Where the French ads say the client works, per sector. */
// prettier-ignore
const COMPANY_FR: Record<Sector, string[]> = {
  construction: ["une entreprise générale du bâtiment", "une PME de second œuvre", "une entreprise de génie civil"],
  industry: ["une entreprise industrielle", "un fabricant de composants de précision", "une manufacture réputée"],
  logistics: ["une plateforme logistique", "un distributeur régional", "un entrepôt de la grande distribution"],
  transport: ["une entreprise de transport", "un transporteur régional", "une société de livraison"],
  hospitality: ["un hôtel quatre étoiles", "un restaurant de cuisine traditionnelle", "une brasserie animée"],
  health: ["une clinique privée", "un EMS", "un réseau de soins à domicile"],
  office: ["une PME de services", "une fiduciaire", "une entreprise internationale"],
  retail: ["une enseigne de la grande distribution", "un commerce de proximité", "une boutique du centre-ville"],
  services: ["une entreprise de services", "une régie immobilière", "une entreprise de nettoyage"],
};

/** Three tasks per sector in the other languages (their descriptions are written per sector). */
// prettier-ignore
const SECTOR_TASKS: Record<Exclude<Language, "fr">, Record<Sector, [string, string, string]>> = {
  de: {
    construction: ["Mitarbeit auf Baustellen im Hoch- und Tiefbau", "Vorbereiten und Aufräumen des Arbeitsplatzes", "Einhalten der Sicherheitsvorschriften"],
    industry: ["Bedienen und Überwachen der Produktionsanlagen", "Qualitätskontrollen nach Vorgabe", "Mitarbeit im Team, auch im Schichtbetrieb"],
    logistics: ["Warenannahme und Kontrolle", "Kommissionieren und Verpacken von Aufträgen", "Arbeiten mit Handscanner und Lagerverwaltungssystem"],
    transport: ["Auslieferungen in der Region", "Be- und Entladen des Fahrzeugs", "Führen der Lieferpapiere"],
    hospitality: ["Mitarbeit in einem lebhaften Betrieb", "Einhalten der Hygienevorschriften (HACCP)", "Freundlicher Umgang mit den Gästen"],
    health: ["Betreuung und Pflege von Patientinnen und Patienten", "Dokumentation im Pflegedossier", "Zusammenarbeit im interdisziplinären Team"],
    office: ["Allgemeine administrative Arbeiten", "Telefon und Korrespondenz", "Pflege der Daten im ERP"],
    retail: ["Beratung und Bedienung der Kundschaft", "Warenpräsentation und Auffüllen der Regale", "Kassieren"],
    services: ["Ausführen der Arbeiten nach Einsatzplan", "Sorgfältiger Umgang mit Geräten und Material", "Selbständiges Arbeiten in einem kleinen Team"],
  },
  it: {
    construction: ["Lavori su cantieri edili e del genio civile", "Preparazione e pulizia del posto di lavoro", "Rispetto delle norme di sicurezza"],
    industry: ["Conduzione e sorveglianza degli impianti di produzione", "Controlli di qualità secondo le istruzioni", "Lavoro in team, anche a turni"],
    logistics: ["Ricevimento e controllo della merce", "Preparazione e imballaggio degli ordini", "Utilizzo di scanner e sistema di gestione del magazzino"],
    transport: ["Consegne nella regione", "Carico e scarico del veicolo", "Gestione dei documenti di trasporto"],
    hospitality: ["Lavoro in un esercizio dinamico", "Rispetto delle norme igieniche (HACCP)", "Accoglienza cordiale degli ospiti"],
    health: ["Assistenza e cura dei pazienti", "Documentazione nella cartella clinica", "Collaborazione con l'équipe interdisciplinare"],
    office: ["Lavori amministrativi generali", "Gestione del telefono e della corrispondenza", "Aggiornamento dei dati nell'ERP"],
    retail: ["Consulenza e servizio alla clientela", "Presentazione e rifornimento della merce", "Gestione della cassa"],
    services: ["Esecuzione dei lavori secondo il piano", "Cura delle attrezzature e del materiale", "Lavoro autonomo in un piccolo team"],
  },
  en: {
    construction: ["Work on building sites with an experienced team", "Prepare and tidy the work area", "Follow site health and safety rules"],
    industry: ["Run and monitor production equipment", "Carry out quality checks to specification", "Work in a team, shifts possible"],
    logistics: ["Receive and check incoming goods", "Pick and pack customer orders", "Use handheld scanners and the warehouse system"],
    transport: ["Regional deliveries on planned routes", "Load and unload the vehicle", "Keep delivery paperwork up to date"],
    hospitality: ["Work in a busy, friendly establishment", "Follow food hygiene rules (HACCP)", "Welcome guests with a smile"],
    health: ["Care for patients and residents", "Keep care records up to date", "Work within a multidisciplinary team"],
    office: ["General administrative work", "Handle phone calls and correspondence", "Keep data up to date in the ERP"],
    retail: ["Advise and serve customers", "Display and restock products", "Operate the till"],
    services: ["Carry out the work to the agreed schedule", "Take care of tools and equipment", "Work independently in a small team"],
  },
  pt: {
    construction: ["Trabalho em obra com uma equipa experiente", "Preparar e limpar o local de trabalho", "Cumprir as regras de segurança em obra"],
    industry: ["Operar e vigiar os equipamentos de produção", "Efetuar controlos de qualidade", "Trabalho em equipa, também por turnos"],
    logistics: ["Receção e controlo de mercadorias", "Preparação e embalagem de encomendas", "Utilização de leitor ótico e do sistema de armazém"],
    transport: ["Entregas regionais em rotas planeadas", "Carga e descarga do veículo", "Gestão dos documentos de transporte"],
    hospitality: ["Trabalho num estabelecimento dinâmico", "Cumprimento das normas de higiene (HACCP)", "Atendimento simpático aos clientes"],
    health: ["Cuidar de doentes e residentes", "Registar os cuidados no processo clínico", "Trabalhar numa equipa multidisciplinar"],
    office: ["Trabalho administrativo geral", "Atendimento telefónico e correspondência", "Atualização de dados no ERP"],
    retail: ["Aconselhar e atender os clientes", "Expor e repor os produtos", "Operar a caixa"],
    services: ["Executar os trabalhos conforme o plano", "Cuidar das ferramentas e do material", "Trabalhar com autonomia numa pequena equipa"],
  },
};

interface Wording {
  gender: string;
  intros: string[];
  tasksHeading: string;
  profileHeading: string;
  offerHeading: string;
  qualification: string;
  experience: (years: number) => string;
  beginner: string;
  permit: Record<"CH" | "FR", string>;
  team: string[];
  offers: Record<Contract, (duration: string) => string>;
  extras: Record<"CH" | "FR", string[]>;
  closing: string[];
  questions: string[];
  slots: Record<JobType, string[]>;
  weeks: (n: number) => string;
  months: (n: number) => string;
  years: (n: number) => string;
  company: string[];
}

// The templates: {title}, {label}, {city}, {company}, {agency} are filled in by compose().
// prettier-ignore
const WORDING: Record<Language, Wording> = {
  fr: {
    gender: " (H/F)",
    intros: [
      "Pour l'un de nos clients, {company} de la région {ofCity}, nous recherchons : <strong>{title}</strong>.",
      "{agency} recrute pour {company} à {city} : <strong>{title}</strong>.",
      "Vous êtes {label} et cherchez un nouveau défi ? Rejoignez {company} à {city}.",
    ],
    tasksHeading: "Vos missions", profileHeading: "Votre profil", offerHeading: "Nous vous offrons",
    qualification: "{qualification}",
    experience: (y) => `Au moins ${y} an${y > 1 ? "s" : ""} d'expérience sur un poste similaire`,
    beginner: "Débutant accepté, vous êtes motivé et curieux",
    permit: { CH: "Permis de travail valable en Suisse (B, C ou G)", FR: "Permis B et véhicule appréciés" },
    team: ["Fiable, ponctuel et à l'aise en équipe", "Autonome, rigoureux et soigneux", "Bon contact et sens du service"],
    offers: {
      temporary: (d) => `Mission temporaire de ${d}, possibilité de prolongation`,
      fixed_term: (d) => `Contrat à durée déterminée de ${d}`,
      permanent: () => "Poste fixe après la période d'essai",
      internship: (d) => `Stage de ${d} avec un tuteur dédié`,
      apprenticeship: (d) => `Apprentissage de ${d} dans une équipe formatrice`,
    },
    extras: {
      CH: ["Salaire selon la convention collective en vigueur", "Vacances et 13e salaire payés au prorata", "Paiement hebdomadaire possible", "Équipements de protection fournis"],
      FR: ["Indemnité de fin de mission et congés payés (10 % + 10 %)", "Tickets restaurant et prime de transport", "Acompte hebdomadaire possible", "Comité d'entreprise et mutuelle"],
    },
    closing: ["Intéressé ? Postulez en ligne : notre équipe vous répond sous 48 heures.", "Envoyez-nous votre candidature en quelques clics, nous vous rappelons rapidement.", "Rejoignez-nous : postulez dès aujourd'hui."],
    questions: ["Êtes-vous disponible à la date indiquée ?", "Avez-vous au moins deux ans d'expérience dans ce métier ?", "Êtes-vous titulaire du permis de conduire B ?", "Acceptez-vous de travailler en horaires décalés ?", "Possédez-vous un permis de travail valable dans le pays du poste ?"],
    slots: {
      full_time: ["Du lundi au vendredi, 7h30–17h", "Horaires de journée, 8h–17h", "42 heures par semaine, du lundi au vendredi"],
      part_time: ["Lundi, mercredi et vendredi matin", "Mi-temps, horaires à définir ensemble", "Trois jours par semaine"],
      shift_work: ["Équipes en 2x8 (5h–13h / 13h–21h)", "3x8 en rotation hebdomadaire", "Nuits, 22h–6h"],
      on_call: ["Sur appel, soirs et week-ends", "Selon planning, surtout le week-end"],
    },
    weeks: (n) => `${n} semaines`, months: (n) => `${n} mois`, years: (n) => `${n} ans`,
    company: [],
  },
  de: {
    gender: " (m/w/d)",
    intros: [
      "Für unseren Kunden, {company} in {city}, suchen wir per sofort oder nach Vereinbarung: <strong>{title}</strong>.",
      "{agency} sucht für {company} in der Region {city}: <strong>{title}</strong>.",
    ],
    tasksHeading: "Ihre Aufgaben", profileHeading: "Ihr Profil", offerHeading: "Wir bieten",
    qualification: "Abgeschlossene Ausbildung oder Erfahrung als {label}",
    experience: (y) => `Mindestens ${y} Jahr${y > 1 ? "e" : ""} Berufserfahrung`,
    beginner: "Auch Berufseinsteiger sind willkommen",
    permit: { CH: "Gültige Arbeitsbewilligung (B, C oder G)", FR: "Führerausweis Kat. B von Vorteil" },
    team: ["Zuverlässig, pünktlich und teamfähig", "Selbständige und sorgfältige Arbeitsweise", "Gute Deutschkenntnisse"],
    offers: {
      temporary: (d) => `Temporäreinsatz für ${d}, Verlängerung möglich`,
      fixed_term: (d) => `Befristete Anstellung für ${d}`,
      permanent: () => "Feste Anstellung nach der Probezeit",
      internship: (d) => `Praktikum für ${d}`,
      apprenticeship: (d) => `Lehrstelle für ${d}`,
    },
    extras: { CH: ["Lohn nach geltendem GAV", "Ferien und 13. Monatslohn anteilig", "Wöchentliche Lohnzahlung möglich"], FR: ["Attraktive Anstellungsbedingungen"] },
    closing: ["Interessiert? Bewerben Sie sich online, wir melden uns innert 48 Stunden.", "Wir freuen uns auf Ihre Bewerbung."],
    questions: ["Sind Sie zum angegebenen Datum verfügbar?", "Haben Sie mindestens zwei Jahre Berufserfahrung?", "Besitzen Sie den Führerausweis Kat. B?", "Sind Sie bereit, Schicht zu arbeiten?", "Haben Sie eine gültige Arbeitsbewilligung für die Schweiz?"],
    slots: {
      full_time: ["Montag bis Freitag, 7.30–17.00 Uhr", "42-Stunden-Woche"],
      part_time: ["Montag, Mittwoch und Freitag vormittags", "Teilzeit nach Absprache"],
      shift_work: ["2-Schicht-Betrieb (5–13 / 13–21 Uhr)", "Nachtschicht, 22–6 Uhr"],
      on_call: ["Auf Abruf, abends und am Wochenende"],
    },
    weeks: (n) => `${n} Wochen`, months: (n) => `${n} Monate`, years: (n) => `${n} Jahre`,
    company: ["ein etabliertes Unternehmen", "ein modernes KMU", "einen führenden Betrieb der Branche"],
  },
  it: {
    gender: " (m/f)",
    intros: [
      "Per un nostro cliente, {company} a {city}, cerchiamo: <strong>{title}</strong>.",
      "{agency} seleziona per {company} nella regione di {city}: <strong>{title}</strong>.",
    ],
    tasksHeading: "Le sue mansioni", profileHeading: "Il suo profilo", offerHeading: "Offriamo",
    qualification: "Formazione o esperienza come {label}",
    experience: (y) => `Almeno ${y} ${y > 1 ? "anni" : "anno"} di esperienza`,
    beginner: "Anche prima esperienza",
    permit: { CH: "Permesso di lavoro valido (B, C o G)", FR: "Patente B gradita" },
    team: ["Affidabile, puntuale e con spirito di squadra", "Preciso e autonomo", "Buona conoscenza dell'italiano"],
    offers: {
      temporary: (d) => `Missione temporanea di ${d}, con possibilità di proroga`,
      fixed_term: (d) => `Contratto a tempo determinato di ${d}`,
      permanent: () => "Posto fisso dopo il periodo di prova",
      internship: (d) => `Stage di ${d}`,
      apprenticeship: (d) => `Apprendistato di ${d}`,
    },
    extras: { CH: ["Salario secondo il CCL in vigore", "Vacanze e tredicesima pro rata", "Pagamento settimanale possibile"], FR: ["Condizioni interessanti"] },
    closing: ["Interessato? Candidati online, ti rispondiamo entro 48 ore.", "Attendiamo con piacere la sua candidatura."],
    questions: ["È disponibile alla data indicata?", "Ha almeno due anni di esperienza nel mestiere?", "Possiede la patente di guida cat. B?", "È disposto a lavorare a turni?", "Ha un permesso di lavoro valido per la Svizzera?"],
    slots: {
      full_time: ["Da lunedì a venerdì, 7.30–17.00"],
      part_time: ["Tre giorni alla settimana", "Orario ridotto da concordare"],
      shift_work: ["Turni 2x8 (5–13 / 13–21)"],
      on_call: ["Su chiamata, sere e fine settimana"],
    },
    weeks: (n) => `${n} settimane`, months: (n) => `${n} mesi`, years: (n) => `${n} anni`,
    company: ["un'azienda affermata", "una PMI dinamica", "un'impresa leader del settore"],
  },
  en: {
    gender: "",
    intros: [
      "On behalf of our client, {company} in {city}, we are looking for: <strong>{title}</strong>.",
      "{agency} is recruiting for {company} near {city}: <strong>{title}</strong>.",
    ],
    tasksHeading: "Your duties", profileHeading: "Your profile", offerHeading: "What we offer",
    qualification: "Proven experience as {a} {label}",
    experience: (y) => `At least ${y} year${y > 1 ? "s" : ""} of experience in a similar role`,
    beginner: "Beginners welcome",
    permit: { CH: "Valid Swiss work permit (B, C or G)", FR: "Right to work in France" },
    team: ["Reliable, punctual and a team player", "Good French is a plus", "Careful and independent"],
    offers: {
      temporary: (d) => `Temporary assignment of ${d}, extension possible`,
      fixed_term: (d) => `Fixed-term contract of ${d}`,
      permanent: () => "Permanent position after the trial period",
      internship: (d) => `Internship of ${d}`,
      apprenticeship: (d) => `Apprenticeship of ${d}`,
    },
    extras: { CH: ["Pay according to the collective agreement", "Holiday pay and 13th month pro rata"], FR: ["End-of-assignment allowance and paid leave (10 % + 10 %)", "Meal vouchers"] },
    closing: ["Interested? Apply online and we will get back to you within 48 hours.", "We look forward to your application."],
    questions: ["Are you available from the start date?", "Do you have at least two years' experience in this job?", "Do you hold a category B driving licence?", "Are you willing to work shifts?", "Do you hold a valid work permit for this country?"],
    slots: {
      full_time: ["Monday to Friday, 8am–5pm"],
      part_time: ["Three days a week", "Part time, hours to agree"],
      shift_work: ["Two shifts (5am–1pm / 1pm–9pm)"],
      on_call: ["On call, evenings and weekends"],
    },
    weeks: (n) => `${n} weeks`, months: (n) => `${n} months`, years: (n) => `${n} years`,
    company: ["an established company", "an international group", "a growing local business"],
  },
  pt: {
    gender: " (m/f)",
    intros: [
      "Para um dos nossos clientes, {company} em {city}, procuramos: <strong>{title}</strong>.",
      "A {agency} recruta para {company} na região de {city}: <strong>{title}</strong>.",
    ],
    tasksHeading: "As suas funções", profileHeading: "O seu perfil", offerHeading: "Oferecemos",
    qualification: "Experiência comprovada como {label}",
    experience: (y) => `Pelo menos ${y} ano${y > 1 ? "s" : ""} de experiência na função`,
    beginner: "Aceitamos candidatos sem experiência",
    permit: { CH: "Autorização de trabalho válida na Suíça (B, C ou G)", FR: "Autorização de trabalho válida em França" },
    team: ["Responsável, pontual e com espírito de equipa", "Conhecimentos de francês valorizados", "Cuidadoso e autónomo"],
    offers: {
      temporary: (d) => `Missão temporária de ${d}, com possibilidade de prolongamento`,
      fixed_term: (d) => `Contrato a termo de ${d}`,
      permanent: () => "Contrato sem termo após o período experimental",
      internship: (d) => `Estágio de ${d}`,
      apprenticeship: (d) => `Aprendizagem de ${d}`,
    },
    extras: { CH: ["Salário segundo a convenção coletiva", "Férias e 13.º mês pagos pro rata", "Pagamento semanal possível"], FR: ["Subsídio de fim de missão e férias pagas (10 % + 10 %)"] },
    closing: ["Interessado? Candidate-se online, respondemos em 48 horas.", "Aguardamos a sua candidatura."],
    questions: ["Está disponível na data indicada?", "Tem pelo menos dois anos de experiência nesta função?", "Tem carta de condução de categoria B?", "Aceita trabalhar por turnos?", "Tem autorização de trabalho válida para este país?"],
    slots: {
      full_time: ["Segunda a sexta, 7h30–17h"],
      part_time: ["Três dias por semana", "Meio período, horário a combinar"],
      shift_work: ["Turnos 2x8 (5h–13h / 13h–21h)"],
      on_call: ["Por chamada, noites e fins de semana"],
    },
    weeks: (n) => `${n} semanas`, months: (n) => `${n} meses`, years: (n) => `${n} anos`,
    company: ["uma empresa de referência", "uma PME dinâmica", "um grupo internacional"],
  },
};

type Labels = { professions: Record<string, string> };
const labelCache = new Map<Language, Labels>();
/** The profession names the app shows (public/locales/<lng>/reference.json). */
function professionLabel(language: Language, professionId: string): string {
  let labels = labelCache.get(language);
  if (!labels) {
    labels = JSON.parse(fs.readFileSync(localeFile(language, "reference"), "utf8")) as Labels;
    labelCache.set(language, labels);
  }
  return labels.professions[professionId] ?? professionId;
}

const sectorOf = new Map(PROFESSIONS.map((p) => [p.id, p.sector]));
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** Salary ranges per country and period (gross, in the country's currency). */
const SALARY = {
  CH: { hour: [28, 45], month: [4800, 9000] },
  FR: { hour: [11.65, 22], month: [1800, 4000] },
} as const;
/** Where a sector's pay sits inside those ranges (0 lowest, 1 highest). */
const SECTOR_PAY: Record<Sector, number> = {
  construction: 0.45,
  industry: 0.5,
  logistics: 0.3,
  transport: 0.4,
  hospitality: 0.2,
  health: 0.55,
  office: 0.45,
  retail: 0.15,
  services: 0.15,
};
const PROFESSION_PAY: Record<string, number> = {
  site_foreman: 0.35,
  nurse: 0.3,
  accountant: 0.25,
  automation_technician: 0.3,
  maintenance_technician: 0.2,
  watchmaker: 0.2,
  crane_operator: 0.15,
  cnc_machinist: 0.15,
  electrician: 0.1,
  hr_assistant: 0.1,
  dishwasher: -0.1,
  kitchen_assistant: -0.05,
  packer: -0.1,
  shelf_stocker: -0.05,
  cleaner: -0.05,
};

function salary(r: Random, country: "CH" | "FR", period: "hour" | "month", professionId: string) {
  const [lo, hi] = SALARY[country][period];
  const level = Math.min(
    0.9,
    Math.max(0, SECTOR_PAY[sectorOf.get(professionId)!] + (PROFESSION_PAY[professionId] ?? 0) + (r.next() - 0.5) * 0.2),
  );
  const spread = (hi - lo) * (0.05 + r.next() * 0.1);
  const step = period === "hour" ? (country === "CH" ? 0.5 : 0.05) : country === "CH" ? 100 : 50;
  const round = (v: number) => Math.round(Math.round(v / step) * step * 100) / 100;
  const min = Math.max(lo, round(lo + (hi - lo) * level));
  return { min, max: Math.min(hi, Math.max(min, round(min + spread))) };
}

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const BOARDS_BY_COUNTRY: Record<"CH" | "FR", JobBoardCode[]> = { CH: ["S02", "S03", "S04"], FR: ["S02", "S05", "S06"] };

export interface AdSpec {
  professionId: string;
  place: Locality;
  language: Language;
  agencyName: string;
  /** YYYY-MM-DD the dates count from (the seed day) */
  today: string;
  contract?: Contract;
  jobType?: JobType;
  contactId?: string | null;
  orderId?: string | null;
  internalId?: string;
}

/** One ad's fields, as the ad form would decide them (already sanitised HTML). */
export function composeAd(r: Random, spec: AdSpec): AdFields {
  const { professionId, place, language: lng, today } = spec;
  const country = place.country;
  const sector = sectorOf.get(professionId)!;
  const w = WORDING[lng];
  const text = PROFESSION_TEXTS[professionId]!;
  const label = professionLabel(lng, professionId);
  const contract =
    spec.contract ??
    r.weighted<Contract>({ temporary: 55, fixed_term: 15, permanent: 22, internship: 3, apprenticeship: 5 });
  const jobType = spec.jobType ?? r.weighted<JobType>({ full_time: 62, part_time: 16, shift_work: 14, on_call: 8 });

  const base = lng === "fr" ? r.pick(text.titles) : label;
  // Swiss ads often put the activity rate in the title ("… (H/F) 80–100 %")
  const [rateMin, rateMax] =
    jobType === "part_time"
      ? r.pick([
          [40, 60],
          [50, 50],
          [50, 80],
          [60, 80],
        ] as const)
      : jobType === "on_call"
        ? r.pick([
            [20, 60],
            [30, 50],
            [40, 80],
          ] as const)
        : r.pick([
            [100, 100],
            [100, 100],
            [80, 100],
            [90, 100],
          ] as const);
  const rateInTitle =
    country === "CH" && r.chance(0.35) ? ` ${rateMin === rateMax ? `${rateMax}` : `${rateMin}–${rateMax}`} %` : "";
  const title = `${base}${w.gender}${rateInTitle}`;

  const qualification =
    lng === "fr"
      ? country === "CH"
        ? text.ch
        : text.fr
      : fill(w.qualification, {
          label: lng === "de" ? label : lowerFirst(label),
          a: /^[aeiou]/i.test(label) ? "an" : "a",
        });
  const years =
    contract === "internship" || contract === "apprenticeship"
      ? 0
      : Number(r.weighted({ "1": 30, "2": 35, "3": 20, "5": 15 }));
  const durationOf = () => {
    switch (contract) {
      case "permanent":
        return "";
      case "internship":
        return w.months(6);
      case "apprenticeship":
        return w.years(3);
      default:
        return r.chance(0.4) ? w.weeks(r.int(2, 8)) : w.months(r.int(2, 12));
    }
  };
  const duration = durationOf();

  const company = lng === "fr" ? r.pick(COMPANY_FR[sector]) : r.pick(w.company);
  // "de la région d'Annemasse", "de la région de Lyon"
  const ofCity = /^[aeiouyàâéèêîôû]/i.test(place.name) ? `d'${place.name}` : `de ${place.name}`;
  const intro = fill(r.pick(w.intros), {
    company,
    city: place.name,
    ofCity,
    title,
    label: lowerFirst(label),
    agency: spec.agencyName,
  });
  const tasks = lng === "fr" ? [...text.tasks] : [...SECTOR_TASKS[lng][sector]];
  const profile = [
    qualification,
    years ? w.experience(years) : w.beginner,
    ...(r.chance(0.7) ? [w.permit[country]] : []),
    r.pick(w.team),
  ];
  const offers = [w.offers[contract](duration), ...r.sample(w.extras[country], r.int(1, 2))];
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const description = [
    `<p>${intro}</p>`,
    `<p><strong>${w.tasksHeading}</strong></p>${list(tasks)}`,
    `<p><strong>${w.profileHeading}</strong></p>${list(profile)}`,
    `<p><strong>${w.offerHeading}</strong></p>${list(offers)}`,
    `<p>${r.pick(w.closing)}</p>`,
  ].join("");

  // interns and apprentices are paid by scale: no amount is shown
  const paid = contract !== "internship" && contract !== "apprenticeship";
  const period = contract === "temporary" ? (r.chance(0.8) ? "hour" : "month") : r.chance(0.85) ? "month" : "hour";
  const pay = paid ? salary(r, country, period, professionId) : null;

  const commitment = r.weighted({ date: 65, to_agree: 20, undetermined: 15 });
  const commitmentDate = commitment === "date" ? addDays(today, r.int(0, 40)) : null;
  let endDate = addDays(today, r.int(20, 90));
  if (commitmentDate && endDate < addDays(commitmentDate, 14)) endDate = addDays(commitmentDate, 14);

  const boards: JobBoardCode[] = ["S01", ...r.sample(BOARDS_BY_COUNTRY[country], r.int(0, 3))];
  if (r.chance(0.15)) boards.push("S07");

  return {
    title,
    qualification,
    description,
    language: lng,
    sectorId: sector,
    professionId,
    jobType,
    contract,
    activityRateMin: rateMin,
    activityRateMax: rateMax,
    places: Number(r.weighted({ "1": 50, "2": 25, "3": 12, "4": 8, "5": 5 })),
    salaryMin: pay?.min ?? null,
    salaryMax: pay?.max ?? null,
    salaryPeriod: paid ? period : "month",
    hideSalary: paid && r.chance(0.1),
    commitment,
    commitmentDate,
    endDate,
    slots: r.pick(w.slots[jobType]),
    duration,
    place: {
      localityId: place.id,
      name: place.name,
      postalCode: place.postalCode,
      region: place.region,
      regionCode: place.regionCode,
      lat: place.lat,
      lng: place.lng,
    },
    country,
    orderId: spec.orderId ?? null,
    contactId: spec.contactId ?? null,
    questions: r.sample(w.questions.slice(0, country === "CH" ? 5 : 4), r.int(0, 3)),
    imageId: null,
    jobBoards: [...new Set(boards)].sort(),
    internalId: spec.internalId ?? "",
  };
}
