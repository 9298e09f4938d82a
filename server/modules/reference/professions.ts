/**
 * The professions list (spec section 3, lookup lists: professions (id, name)): common
 * temporary-work jobs in France and Switzerland, grouped by sector. Ids are stable and stored in
 * events (desired jobs); names are translated in public/locales/<lng>/reference.json under
 * `professions.<id>` and `sectors.<sector>`. Pure data: shared by the browser and the server.
 * Add entries at will; never rename or remove an id that events may hold.
 */
export const SECTORS = [
  "construction",
  "industry",
  "logistics",
  "transport",
  "hospitality",
  "health",
  "office",
  "retail",
  "services",
] as const;
export type Sector = (typeof SECTORS)[number];

export interface Profession {
  id: string;
  sector: Sector;
}

const bySector: Record<Sector, readonly string[]> = {
  construction: [
    "construction_labourer",
    "mason",
    "carpenter",
    "joiner",
    "electrician",
    "plumber",
    "heating_installer",
    "painter",
    "roofer",
    "tiler",
    "plasterer",
    "crane_operator",
    "plant_operator",
    "site_foreman",
  ],
  industry: [
    "production_operator",
    "machine_operator",
    "assembler",
    "welder",
    "cnc_machinist",
    "industrial_mechanic",
    "maintenance_technician",
    "quality_controller",
    "watchmaker",
    "automation_technician",
  ],
  logistics: ["warehouse_worker", "order_picker", "forklift_driver", "packer", "logistics_clerk", "removal_worker"],
  transport: ["truck_driver", "delivery_driver", "bus_driver", "courier"],
  hospitality: [
    "cook",
    "kitchen_assistant",
    "dishwasher",
    "waiter",
    "bartender",
    "hotel_receptionist",
    "room_attendant",
  ],
  health: ["nurse", "nursing_assistant", "home_care_worker", "medical_assistant", "pharmacy_assistant"],
  office: [
    "administrative_assistant",
    "receptionist",
    "accountant",
    "customer_service_agent",
    "data_entry_clerk",
    "hr_assistant",
  ],
  retail: ["sales_assistant", "cashier", "shelf_stocker", "butcher", "baker"],
  services: ["cleaner", "security_guard", "landscape_gardener", "caretaker", "farm_worker"],
};

export const PROFESSIONS: readonly Profession[] = SECTORS.flatMap((sector) =>
  bySector[sector].map((id) => ({ id, sector })),
);

const ids = new Set(PROFESSIONS.map((p) => p.id));
export const isProfession = (id: string): boolean => ids.has(id);
