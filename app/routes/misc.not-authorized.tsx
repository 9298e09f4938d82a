export { default, loader, meta } from "./not-authorized";
