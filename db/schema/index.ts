export * from "./event-store";
export * from "./identity";
export * from "./agencies";
export * from "./notifications";
export * from "./candidates";
export * from "./missions";
export * from "./engagement";
export * from "./applications";
